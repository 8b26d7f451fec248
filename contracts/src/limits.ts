/** Business constants and limits of the product, named once for every service and front end. */
export const Limits = {
  pageSize: {
    default: 15,
    questionList: 20,
    commentsFirstPage: 3,
    commentsMore: 15,
    apiDefault: 10,
    /** A question's answers come in one page: the client asks for 999. */
    answers: 999,
    answersMax: 1000,
    /** The question page's "Linked questions" card. */
    linkedQuestions: 5,
    /** A profile tab's list (answers, questions, bookmarks, reputation, comments, votes). */
    profileTab: 30,
    /** `user/staff`: at most this many staff members per search. */
    staffSearchMax: 50,
    /** The notification inbox and achievements. */
    notifications: 10,
  },
  /** The hot-questions card: the most visited questions of the last days. */
  hotQuestions: { count: 6, days: 7 },
  /** Suggestions while typing: mentions, tags, and questions like the title being asked (after a few characters). */
  suggestions: { mentions: 5, tags: 5, similarQuestions: 5, similarAfterCharacters: 3 },
  tags: {
    maxPerQuestion: 5,
    minPerQuestion: 1,
    nameMaxLength: 35,
    slugMaxLength: 35,
    descriptionMaxLength: 65536,
    duplicateHighlightMs: 2000,
  },
  question: { titleMinLength: 6, titleMaxLength: 150, urlTitleMaxBytes: 150 },
  answer: { minLength: 6 },
  /** A reaction's tooltip names this many members, then says how many more reacted. */
  reaction: { tooltipNames: 5 },
  /** Any post's markdown body, and the summary an edit carries. */
  post: { bodyMaxLength: 65535, editSummaryMaxLength: 500 },
  comment: { minLength: 2, maxLength: 600 },
  user: {
    loginNameMaxLength: 30,
    displayNameMinLength: 2,
    displayNameMaxLength: 30,
    usernameMinLength: 2,
    usernameMaxLength: 30,
    adminDisplayNameMinLength: 4,
    /**
     * A member's e-mail address, wherever one is taken (registration, sign-in, recovery, change, binding, the
     * admin's forms): the reference stores it in 100 characters (docs/adr/0090-mail-per-recipient.md).
     */
    emailMaxLength: 100,
    /** Lines of one bulk add of users by an admin. */
    bulkAddMax: 5000,
  },
  password: { minLength: 8, maxLength: 32 },
  /** The site's name and address; its contact e-mail (the installer's form), which no member signs in with. */
  site: { nameMaxLength: 30, urlMaxLength: 512, contactEmailMaxLength: 500 },
  smtp: { portMin: 1, portMax: 65535 },
  upload: {
    imageMaxBytes: 4 * 1024 * 1024,
    imageExtensions: ['jpeg', 'jpg', 'png', 'webp'] as const,
    logoHeight: 56,
    faviconSize: 32,
    squareIconMinSize: 512,
    /** The largest image or attachment size an admin may allow, in MB, and the largest image in megapixels. */
    settingMaxMb: 1024,
    settingMaxMegapixels: 1000,
  },
  /** A sitemap file's URLs: the sitemap protocol's most (docs/adr/0070-sitemap.md). */
  sitemap: { urlsPerFile: 50_000 },
  /**
   * What a CDN or browser may keep of an anonymous public page or a sitemap before asking again with its ETag,
   * and how long it may serve the old copy while it does (docs/adr/0071-public-page-caching.md).
   */
  publicCache: { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 600 },
  /** The highest reputation threshold an admin can give a privilege. */
  privilegeMaxReputation: 1_000_000,
  /**
   * The web app's side of live pages (docs/adr/0099-live-pages.md; the route's own bounds are `Live`): one stream a
   * browser, shared by its tabs, and what the pages do while it cannot be opened.
   */
  liveClient: {
    /** Topics mounted and unmounted within this long are asked for in one reopening. */
    topicsDebounceMs: 30,
    /** Failed openings in a row (or a 404, 503, 401, 403 at once) before the pages poll instead. */
    failuresBeforeFallback: 2,
    /** Reopenings wait `Live.retryMs`, doubled each failure up to this. */
    retryMaxMs: 60_000,
    /** What a page polls this often while it has no stream (the header's red dots keep their own poll). */
    fallbackPollMs: 15_000,
    /**
     * A count another service projects (review queues, the dashboard's totals) is read this long after its message:
     * the message leaves when the event is on the log, a moment before the projection has it.
     */
    settleMs: 1_000,
    /** Messages a tab remembers to ignore one that a resume brings again. */
    seenMessages: 5_000,
  },
  timing: {
    requestTimeoutMs: 10_000,
    /**
     * The installer's database and install calls: they migrate every service and write the first content, which on
     * a small or busy machine takes well past an ordinary call's timeout.
     */
    installRequestTimeoutMs: 10 * 60_000,
    notificationPollMs: 3_000,
    profileRefreshThrottleMs: 10_000,
    draftSaveDebounceMs: 3_000,
    previewDebounceMs: 1_000,
    toastMs: 5_000,
    copiedTipMs: 1_000,
    storedDataExpiryMs: 7 * 24 * 60 * 60 * 1000,
  },
  /** An access token's life from sign-in, in seconds as JWT `exp - iat` counts it. */
  session: { accessTokenLifetimeSeconds: 7 * 24 * 60 * 60 },
  editor: { fencedCodeThreshold: 40, indentSpaces: 4 },
  display: { reviewBadgeCap: 99 },
  /** An admin's API key: what its description may hold (the reference's 150). */
  apiKey: { descriptionMaxLength: 150 },
  /** The assistant: a conversation list's page, a member's message, the tool rounds of one reply (the reference's ten). */
  ai: {
    conversationsPageSize: 10,
    adminConversationsPageSize: 20,
    messageMaxLength: 8000,
    messagesMax: 50,
    toolRounds: 10,
    /** The admin's choices: how many chats a member may start an hour, and how long a reply may be (tokens). */
    chatsPerHourMax: 1000,
    replyTokensMin: 64,
    replyTokensMax: 32_000,
  },
  /** A flag's text; the moderators' flag lists. */
  report: { contentMaxLength: 500, adminPageSize: 20 },
  /** Pre-moderation: the most first posts a site may hold for review. */
  hold: { firstPostsMax: 100 },
  email: {
    newQuestionDigestPerWeek: 50,
    /**
     * Account mails (activation, password reset, e-mail change) to one address, whoever asks: per hour and per
     * day (docs/adr/0090-mail-per-recipient.md). The configuration can change them (`mail_recipient_hour`,
     * `mail_recipient_day`).
     */
    perRecipientHour: 5,
    perRecipientDay: 10,
  },
  /** `badge/user/awards/recent`: the member's latest badges; page sizes of the badge lists. */
  badges: { recentAwards: 10, awardsPageSize: 30, adminPageSize: 10 },
  defaults: { locale: 'en_US', timeZone: 'UTC', questionSort: 'active', primaryColor: '#0033FF' },
  avatar: { requestedSize: 96, smallSize: 48, headerSize: 36 },
} as const;
