import { CircleDollarSign } from 'lucide-react';

export function BrandMark() {
  return (
    <div className="flex items-center justify-center gap-2 text-primary">
      <CircleDollarSign className="size-8" aria-hidden />
      <span className="text-2xl font-bold tracking-tight text-foreground">Sidepot</span>
    </div>
  );
}
