import { defineConfig } from 'tsup';

export default defineConfig({
  // `webhooks`: the zod-free part a receiver needs, so that its bundles leave the schemas out.
  entry: ['src/index.ts', 'src/webhooks.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2023',
  sourcemap: true,
});
