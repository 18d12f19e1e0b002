import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ALIASES } from './aliases';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { alias: ALIASES },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
