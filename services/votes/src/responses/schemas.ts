export { QuestionInfoSchema, RankingSchema, RankPageItemSchema, VotePageItemSchema } from '@agora/contracts';

import { type TSchema, Type } from 'typebox';

export const Page = <T extends TSchema>(item: T) => Type.Object({ count: Type.Integer(), list: Type.Array(item) });
