import { fileURLToPath } from 'node:url';
import { mfeConfig } from './vite/mfe-config.ts';

export default mfeConfig({ name: 'kit', dir: fileURLToPath(new URL('.', import.meta.url)), isKit: true });
