import { EnvelopeSchema, PageSchema } from '@agora/contracts';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { parseType } from '../../scripts/reference-api/parse-api-md';
import { shapeProblems } from './support/api-coverage/shapes';

const schemas = {
  UserBasicInfo: { id: { kind: 'string' as const }, rank: { kind: 'integer' as const } },
};
const problems = (ref: string, ours: object) => shapeProblems(parseType(ref), ours, schemas);

describe("comparing our answer's schema with the reference handler's shape", () => {
  it('accepts the same fields and types, and fields only ours has', () => {
    expect(
      problems(
        'FollowResp{follows:int, is_followed:bool}',
        Type.Object({ follows: Type.Integer(), is_followed: Type.Boolean(), extra: Type.String() }),
      ),
    ).toEqual([]);
    expect(
      problems(
        'page{count:int, list:[]UserBasicInfo}',
        PageSchema(Type.Object({ id: Type.String(), rank: Type.Integer() })),
      ),
    ).toEqual([]);
    expect(problems('null', Type.Null())).toEqual([]);
    // A Go slice, pointer or map may be null; so may ours.
    expect(problems('[]str', Type.Union([Type.Array(Type.String()), Type.Null()]))).toEqual([]);
  });

  it('names a missing field, a different type, a wrapper the handler does not send, and an untyped answer', () => {
    expect(problems('FollowResp{follows:int, is_followed:bool}', Type.Object({ follows: Type.String() }))).toEqual([
      'data.follows: string where the reference answers integer',
      'data.is_followed: missing (the reference answers boolean)',
    ]);
    // A user object in data, not data.info.
    expect(
      problems('UserBasicInfo', Type.Object({ info: Type.Object({ id: Type.String(), rank: Type.Integer() }) })),
    ).toEqual([
      'data.id: missing (the reference answers string)',
      'data.rank: missing (the reference answers integer)',
    ]);
    expect(problems('[]UserBasicInfo', Type.Object({ list: Type.Array(Type.Object({})) }))).toEqual([
      'data: object where the reference answers []UserBasicInfo',
    ]);
    expect(problems('null', Type.Object({}))).toEqual(['data: object where the reference answers null']);
    expect(problems('UserBasicInfo', Type.Any())).toEqual(['data: untyped where the reference answers UserBasicInfo']);
  });

  it('compares three levels of objects below data, resolving named structs from the schemas', () => {
    const ref = 'page{count:int, list:[]Item{user_info:UserBasicInfo, deep:A{b:B{c:int}}}}';
    const ours = PageSchema(
      Type.Object({
        user_info: Type.Object({ id: Type.String(), rank: Type.String() }),
        deep: Type.Object({ b: Type.Object({ c: Type.String() }) }),
      }),
    );
    // The page, its items and their author cards are compared field by field; `b`'s fields no more.
    expect(problems(ref, ours)).toEqual(['data.list[].user_info.rank: string where the reference answers integer']);
  });

  it('accepts one of two success shapes, and only shapes the reference answers', () => {
    const ref = 'A{a:int} **or** B{b:bool}';
    expect(problems(ref, Type.Object({ b: Type.Boolean() }))).toEqual([]);
    expect(problems(ref, Type.Union([Type.Object({ a: Type.Integer() }), Type.Object({ c: Type.Boolean() })]))).toEqual(
      ['data: none of A or B'],
    );
  });

  it("lets an answer leave out the question inside each answer, which the reference's handler omits", () => {
    const ref = 'AnswerInfo{id:str, question_info:QuestionInfoResp}';
    expect(problems(ref, Type.Object({ id: Type.String() }))).toEqual([]);
    expect(problems('Other{id:str, question_info:QuestionInfoResp}', Type.Object({ id: Type.String() }))).toEqual([
      'data.question_info: missing (the reference answers QuestionInfoResp)',
    ]);
  });

  it('reads the data of an envelope the way the coverage test does', () => {
    expect(EnvelopeSchema(Type.Null()).properties.data).toEqual(Type.Null());
  });
});
