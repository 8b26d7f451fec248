export { type UserBasicInfo, UserBasicInfoSchema } from '@agora/contracts';
export { loadAuthorCards as loadAuthors } from '@agora/platform';
