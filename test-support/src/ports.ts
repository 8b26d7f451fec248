/** A loopback port nobody listens on (for now), below the range outgoing connections take theirs from. */
export { freePort } from '@agora/launcher/embedded-postgres';
