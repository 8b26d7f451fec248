import { fileURLToPath } from 'node:url';
import { mfeConfig } from '../kit/vite/mfe-config.ts';

export default mfeConfig({ name: 'review', dir: fileURLToPath(new URL('.', import.meta.url)) });
