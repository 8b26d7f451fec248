import { api } from '../client';
import type { FollowResp } from '../wire';

/** `follow`: one route for tags and questions, told apart by the object's id. */
export const followApi = {
  follow: (object_id: string, is_cancel: boolean) => api.post<FollowResp>('follow', { object_id, is_cancel }),
};
