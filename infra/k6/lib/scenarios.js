/**
 * Agora's load scenarios, each defined once: the requests its users make with their weights, the think time
 * between two requests of a user, and the thresholds a run must meet. The k6 scripts beside this folder and the npm
 * runner (`npm run load`) both read these definitions (infra/k6/README.md).
 *
 * An action is `{ kind, weight, as, request(user), record?(user, response) }`: `as` is `anonymous` (no token) or
 * `member` (the user's token); `request` builds the request from what the setup read (`user.data`) and what this
 * user did before (`user.own`); `record` notes what an answer changed (a vote cast, a bookmark set).
 */
import { dataOf, get, send, succeeded } from './api.js';
import { between, pick } from './random.js';
import { LIST_PAGE_SIZE } from './setup.js';

const SORTS = ['newest', 'hot', 'score', 'unanswered', 'frequent'];
const TAG_ORDERS = ['popular', 'name', 'newest'];
const SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'];
/** Bookmarks go to the member's default collection. */
const DEFAULT_COLLECTION = '0';

const question = (user) => pick(user.data.questionIds, user.random);
/** A question or, when the setup found any, an answer. */
const post = (user) =>
  user.data.answerIds.length && user.random() < 0.4 ? pick(user.data.answerIds, user.random) : question(user);

/** Anonymous readers: the home list and its sorts and pages, question pages, tags, search. */
const reading = [
  {
    kind: 'question_list',
    weight: 20,
    as: 'anonymous',
    request: () => get('question/page', { order: 'active', page: 1, page_size: LIST_PAGE_SIZE }),
  },
  {
    kind: 'question_list_sorted',
    weight: 10,
    as: 'anonymous',
    request: (user) => get('question/page', { order: pick(SORTS, user.random), page: 1, page_size: LIST_PAGE_SIZE }),
  },
  {
    kind: 'question_list_page',
    weight: 8,
    as: 'anonymous',
    // A page past the last is a 404: only on a site of more than one page.
    needs: (data) => data.listPages > 1,
    request: (user) =>
      get('question/page', {
        order: 'active',
        page: between(2, Math.max(2, user.data.listPages), user.random),
        page_size: LIST_PAGE_SIZE,
      }),
  },
  {
    kind: 'question_list_tag',
    weight: 6,
    as: 'anonymous',
    needs: (data) => data.tagSlugs.length > 0,
    request: (user) =>
      get('question/page', { order: 'active', tag: pick(user.data.tagSlugs, user.random), page: 1, page_size: 20 }),
  },
  {
    kind: 'question_detail',
    weight: 20,
    as: 'anonymous',
    request: (user) => get('question/info', { id: question(user) }),
  },
  {
    kind: 'question_answers',
    weight: 15,
    as: 'anonymous',
    request: (user) => get('answer/page', { question_id: question(user), order: 'default', page: 1, page_size: 20 }),
  },
  {
    kind: 'question_comments',
    weight: 6,
    as: 'anonymous',
    request: (user) => get('comment/page', { object_id: post(user), query_cond: 'vote', page: 1, page_size: 5 }),
  },
  {
    kind: 'tag_list',
    weight: 4,
    as: 'anonymous',
    request: (user) => get('tags/page', { query_cond: pick(TAG_ORDERS, user.random), page: 1, page_size: 20 }),
  },
  {
    kind: 'tag_detail',
    weight: 4,
    as: 'anonymous',
    needs: (data) => data.tagSlugs.length > 0,
    request: (user) => get('tag', { name: pick(user.data.tagSlugs, user.random) }),
  },
  {
    kind: 'search',
    weight: 5,
    as: 'anonymous',
    request: (user) =>
      get('search', { q: pick(user.data.words, user.random), order: pick(SEARCH_ORDERS, user.random) }),
  },
];

let written = 0;
/** A title and body no other request of this run has used. */
function freshText(user, what) {
  written += 1;
  const word = pick(user.data.words, user.random);
  return `Load ${what} ${user.data.runId}-${user.id}-${written}: how does ${word} behave under load?`;
}

/** Members writing: they read, ask, answer, comment, vote and bookmark. */
const writing = [
  {
    kind: 'member_question_detail',
    weight: 30,
    as: 'member',
    request: (user) => get('question/info', { id: question(user) }),
  },
  {
    kind: 'member_question_list',
    weight: 12,
    as: 'member',
    request: () => get('question/page', { order: 'active', page: 1, page_size: LIST_PAGE_SIZE }),
  },
  {
    kind: 'ask',
    weight: 4,
    as: 'member',
    needs: (data) => data.tagSlugs.length > 0,
    request: (user) =>
      send('POST', 'question', {
        title: freshText(user, 'question').slice(0, 150),
        content: `${freshText(user, 'details')} The body says what was tried and what happened instead.`,
        tags: [{ slug_name: pick(user.data.tagSlugs, user.random) }],
      }),
  },
  {
    kind: 'answer',
    weight: 8,
    as: 'member',
    // One answer per member and question (the site's default): a question this member has not answered yet; a
    // member who has answered every one comments instead, as the site would have them do.
    request: (user) => {
      const open = user.data.questionIds.filter((id) => !user.own.answered[id]);
      if (open.length === 0) {
        return send('POST', 'comment', { object_id: question(user), original_text: freshText(user, 'comment') });
      }
      const id = pick(open, user.random);
      user.own.answered[id] = true;
      return send('POST', 'answer', { question_id: id, content: `${freshText(user, 'answer')} Try it this way.` });
    },
  },
  {
    kind: 'comment',
    weight: 12,
    as: 'member',
    request: (user) => send('POST', 'comment', { object_id: post(user), original_text: freshText(user, 'comment') }),
  },
  {
    kind: 'vote',
    weight: 12,
    as: 'member',
    // A second vote on the same post takes the first back, as the vote button does.
    request: (user) => {
      const id = post(user);
      return send('POST', 'vote/up', { object_id: id, is_cancel: Boolean(user.own.voted[id]) });
    },
    record: (user, request, response) => {
      if (succeeded(response)) user.own.voted[request.body.object_id] = !request.body.is_cancel;
    },
  },
  {
    kind: 'bookmark',
    weight: 6,
    as: 'member',
    request: (user) => {
      const id = question(user);
      return send('POST', 'collection/switch', {
        object_id: id,
        group_id: DEFAULT_COLLECTION,
        bookmark: !user.own.bookmarked[id],
      });
    },
    record: (user, request, response) => {
      if (succeeded(response) && dataOf(response)) user.own.bookmarked[request.body.object_id] = request.body.bookmark;
    },
  },
];

/** Signed-in members' unread counts, polled as the web app's header does, and their inbox now and then. */
const polling = [
  { kind: 'notification_status', weight: 80, as: 'member', request: () => get('notification/status') },
  {
    kind: 'notification_inbox',
    weight: 12,
    as: 'member',
    request: () => get('notification/page', { type: 'inbox', inbox_type: 'all', page: 1, page_size: 10 }),
  },
  {
    kind: 'notification_achievements',
    weight: 4,
    as: 'member',
    request: () => get('notification/page', { type: 'achievement', inbox_type: 'all', page: 1, page_size: 10 }),
  },
  {
    kind: 'notification_read',
    weight: 4,
    as: 'member',
    request: () => send('PUT', 'notification/status', { type: 'inbox' }),
  },
];

/** The actions with their weights multiplied so that together they weigh `share` of `total`. */
function share(actions, part, total = 100) {
  const sum = actions.reduce((s, action) => s + action.weight, 0);
  return actions.map((action) => ({ ...action, weight: (action.weight * part) / sum / total }));
}

/** Every scenario by name. Budgets: the day-in-the-life's are issue 24's (p99 250 ms, errors below 0.1 %). */
export const SCENARIOS = {
  browsing: {
    name: 'browsing',
    description: 'Anonymous readers: question lists (sorts, pages, tags), question pages, tags, search.',
    members: false,
    users: 50,
    duration: '5m',
    thinkSeconds: { min: 1, max: 5 },
    thresholds: { p95Ms: 150, p99Ms: 250, errorRate: 0.001 },
    actions: reading,
  },
  writing: {
    name: 'writing',
    description: 'Signed-in members reading, asking, answering, commenting, voting and bookmarking.',
    members: true,
    // New members have 1 reputation point: at the lowest privilege level they may vote up (setup sets it).
    privilegeLevel: 1,
    users: 20,
    duration: '5m',
    // Slower than reading: the site asks for a captcha from the 10th question or answer within 5 s (when captchas
    // are on), and no member writes that fast here.
    thinkSeconds: { min: 3, max: 8 },
    thresholds: { p95Ms: 300, p99Ms: 600, errorRate: 0.001 },
    actions: writing,
  },
  notifications: {
    name: 'notifications',
    description: "Many signed-in members with the site open: the header's unread-count poll every 3 s, inbox reads.",
    members: true,
    users: 200,
    duration: '5m',
    thinkSeconds: { min: 2.5, max: 3.5 },
    thresholds: { p95Ms: 100, p99Ms: 200, errorRate: 0.001 },
    actions: polling,
  },
  day: {
    name: 'day',
    description: 'A day in the life: mostly anonymous reading, members polling, reading and now and then writing.',
    members: true,
    privilegeLevel: 1,
    users: 50,
    duration: '10m',
    thinkSeconds: { min: 1, max: 5 },
    thresholds: { p95Ms: 150, p99Ms: 250, errorRate: 0.001 },
    actions: [...share(reading, 60), ...share(polling, 25), ...share(writing, 15)],
  },
};

export const SCENARIO_NAMES = Object.keys(SCENARIOS);

/** The scenario's actions that the setup's data allows (no tag requests on a site without tags). */
export function actionsFor(scenario, data) {
  return scenario.actions.filter((action) => !action.needs || action.needs(data));
}

/** A virtual user: its number, the setup's data, its token (for members) and what it did. */
export function newUser(id, data, random) {
  const member = data.members.length ? data.members[(id - 1) % data.members.length] : undefined;
  // What a member did is the member's, not one virtual user's: two runs (or users) signed in as the same member
  // must not answer a question twice.
  const fresh = () => ({ answered: {}, voted: {}, bookmarked: {} });
  if (member && !member.own) member.own = fresh();
  return {
    id,
    data,
    random,
    token: member ? member.token : undefined,
    own: member ? member.own : fresh(),
  };
}

/** The request of one action by this user, with the token when the action is a member's. */
export function requestOf(action, user) {
  const request = action.request(user);
  return action.as === 'member' ? { ...request, token: user.token } : request;
}
