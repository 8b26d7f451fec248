import { fileURLToPath } from 'node:url';
import { mfeConfig } from '../kit/vite/mfe-config.ts';

export default mfeConfig({ name: 'install', dir: fileURLToPath(new URL('.', import.meta.url)) });
