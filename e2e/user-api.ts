import { expect, type APIRequestContext } from '@playwright/test';

/** JSON calls as one user; any answer other than 2xx fails the test with the server's message. */
export class UserApi {
  constructor(
    readonly request: APIRequestContext,
    private readonly who: string,
  ) {}

  async get<T>(url: string): Promise<T> {
    return this.call<T>('GET', url);
  }

  async post<T>(url: string, data: unknown = {}): Promise<T> {
    return this.call<T>('POST', url, data);
  }

  async put<T>(url: string, data: unknown = {}): Promise<T> {
    return this.call<T>('PUT', url, data);
  }

  async delete<T>(url: string): Promise<T> {
    return this.call<T>('DELETE', url);
  }

  private async call<T>(method: string, url: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(url, { method, ...(data === undefined ? {} : { data }) });
    const body = await response.text();
    expect(response.ok(), `${method} ${url} as ${this.who} answered ${response.status()}: ${body}`).toBe(
      true,
    );
    return (body ? JSON.parse(body) : undefined) as T;
  }
}
