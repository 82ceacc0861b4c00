import { defineConfig } from 'drizzle-kit';

// Generates SQL only; migrations are applied by the server at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/migrations',
});
