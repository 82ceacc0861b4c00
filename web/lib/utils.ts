import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names; it resolves no conflicts (ADR 058): a primitive's classes and a caller's className never
 * set the same property. What callers vary is a variant or a prop of the primitive.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
