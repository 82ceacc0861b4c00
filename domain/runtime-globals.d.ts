// Available in every runtime domain/ runs in (browsers and Node 16+), but in
// neither ES lib; declared here so domain/ needs no DOM or Node types.
declare function btoa(data: string): string;
declare function atob(data: string): string;
