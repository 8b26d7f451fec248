import { fileURLToPath } from 'node:url';
import { mfeConfig } from '../kit/vite/mfe-config.ts';

export default mfeConfig({ name: 'users', dir: fileURLToPath(new URL('.', import.meta.url)) });
