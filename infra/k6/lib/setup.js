/**
 * The setup phase every scenario starts with, written once for both drivers: a generator that yields the requests
 * it needs sent (`{ method, path, body, token }`) and is resumed with each answer (`{ status, body }`). k6 sends
 * them with its synchronous `k6/http`, the npm runner with `fetch`.
 *
 * It reads what the users will ask for (questions, answers, tags, words of titles to search for) and, for the
 * scenarios of members, creates one member per virtual user through the admin API and signs each in.
 */
import { admin, expectData, get, send } from './api.js';

/** Pages of the question list (of `QUESTION_PAGE_SIZE`) the setup reads ids from. */
const QUESTION_PAGES_READ = 3;
const QUESTION_PAGE_SIZE = 100;
/** The page size of the list the users page through (the web app's). */
export const LIST_PAGE_SIZE = 20;
/** Questions whose answers the setup reads, for comments and votes on answers. */
const QUESTIONS_WITH_ANSWERS_READ = 20;
const WORDS_KEPT = 60;

/** The password of the members the setup creates, unless the settings name one. */
export const MEMBER_PASSWORD = 'load-member-password';

/** What every user's requests draw from. */
function* readContent() {
  const questionIds = [];
  const titles = [];
  let questionCount = 0;
  for (let page = 1; page <= QUESTION_PAGES_READ; page++) {
    const list = expectData(
      yield get('question/page', { order: 'newest', page, page_size: QUESTION_PAGE_SIZE }),
      'Reading the question list',
    );
    questionCount = list.count;
    for (const question of list.list) {
      questionIds.push(question.id);
      titles.push(question.title);
    }
    if (list.list.length < QUESTION_PAGE_SIZE) break;
  }
  if (questionIds.length === 0) {
    throw new Error('The site has no questions to read: seed it first (npm run seed -- --questions 200)');
  }
  const tags = expectData(yield get('tags/page', { query_cond: 'popular', page: 1, page_size: 50 }), 'Reading tags');
  const answerIds = [];
  for (const questionId of questionIds.slice(0, QUESTIONS_WITH_ANSWERS_READ)) {
    const answers = expectData(
      yield get('answer/page', { question_id: questionId, order: 'default', page: 1, page_size: 10 }),
      'Reading answers',
    );
    for (const answer of answers.list) answerIds.push(answer.id);
  }
  return {
    questionIds,
    answerIds,
    tagSlugs: tags.list.map((tag) => tag.slug_name),
    words: wordsOf(titles),
    listPages: Math.max(1, Math.min(Math.ceil(questionCount / LIST_PAGE_SIZE), 500)),
  };
}

/** Distinct words of four letters or more from the titles: searches that find something. */
export function wordsOf(titles) {
  const words = [];
  for (const title of titles) {
    for (const word of String(title)
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 4 && !words.includes(word)) words.push(word);
      if (words.length >= WORDS_KEPT) return words;
    }
  }
  return words.length ? words : ['question'];
}

/** Signs in by e-mail and password; the access token. */
function* signIn(email, password, who) {
  const response = yield send('POST', 'user/login/email', { e_mail: email, pass: password });
  if (response.status === 429) {
    throw new Error(
      `Signing in ${who} was refused as too many sign-ins from this address: raise the login_ip rate limit of the target (AGORA_RATE_LIMITS=login_ip=1000/600, infra/k6/README.md)`,
    );
  }
  return expectData(response, `Signing in ${who}`).access_token;
}

/**
 * The members of this run: `settings.users` new accounts (`<prefix>-<run>-<n>@example.com`), created by the admin
 * (activated, no mail) and signed in. New ones each run, so that no user meets a vote, bookmark or answer of an
 * earlier run (one answer per member and question is the site's default).
 */
function* createMembers(settings, adminToken) {
  const members = [];
  for (let n = 1; n <= settings.users; n++) {
    const email = `${settings.memberPrefix}-${settings.runId}-${n}@example.com`;
    const created = yield {
      ...admin('POST', 'user', {
        display_name: `Load ${settings.runId} ${n}`,
        email,
        password: settings.memberPassword,
      }),
      token: adminToken,
    };
    expectData(created, `Creating member ${email}`);
    const token = yield* signIn(email, settings.memberPassword, `member ${email}`);
    members.push({ email, token });
  }
  return members;
}

/**
 * The whole setup: the content, and the members when the scenario has members. `settings`: `users`, `adminEmail`,
 * `adminPassword`, `memberPassword`, `memberPrefix`, `runId`.
 */
export function* prepare(scenario, settings) {
  const content = { ...(yield* readContent()), runId: settings.runId };
  if (!scenario.members) return { ...content, members: [] };
  if (!settings.adminEmail || !settings.adminPassword) {
    throw new Error(
      `The ${scenario.name} scenario signs members in: give an admin's e-mail and password (AGORA_LOAD_ADMIN_EMAIL, AGORA_LOAD_ADMIN_PASSWORD)`,
    );
  }
  const adminToken = yield* signIn(settings.adminEmail, settings.adminPassword, 'the admin');
  if (scenario.privilegeLevel) {
    const level = yield {
      ...admin('PUT', 'setting/privileges', { level: scenario.privilegeLevel }),
      token: adminToken,
    };
    expectData(level, `Setting the privilege level to ${scenario.privilegeLevel}`);
  }
  return { ...content, members: yield* createMembers(settings, adminToken) };
}

/** Runs a setup generator to its end with a synchronous `sendRequest(request) -> { status, body }` (k6). */
export function runSynchronously(steps, sendRequest) {
  let next = steps.next();
  while (!next.done) next = steps.next(sendRequest(next.value));
  return next.value;
}
