export const AGORA_VERSION = '0.1.0';
