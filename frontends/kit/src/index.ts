/**
 * @agora/kit — shared by every micro-frontend through the import map (DESIGN §7): API client, session,
 * guards, i18n, theme and components. Loaded once per page, so its stores are the page's.
 */
import './app/boot';

export { ApiError } from './api/api-error';
export { accountApi, type CaptchaFields, type ProfileForm } from './api/calls/account';
export {
  type AdminUserFilter,
  type AdminUserQuery,
  type AdminUserStatusChange,
  adminApi,
  SUSPEND_DURATIONS,
  type SuspendDuration,
} from './api/calls/admin';
export { type AdminContentQuery, type AdminFlagQuery, adminContentsApi } from './api/calls/admin-contents';
export { aiApi, type ReplyDelta } from './api/calls/ai';
export { assistantAdminApi } from './api/calls/assistant';
export { badgeApi } from './api/calls/badges';
export { connectorApi } from './api/calls/connectors';
export { followApi } from './api/calls/follow';
export { moderationApi, reviewApi } from './api/calls/moderation';
export { NO_RED_DOT, type NotificationKind, notificationApi } from './api/calls/notifications';
export {
  answerApi,
  commentApi,
  postApi,
  type QuestionForm,
  questionApi,
  revisionApi,
  type TagItem,
} from './api/calls/posts';
export { type ProfileOrder, profileApi } from './api/calls/profile';
export { searchApi } from './api/calls/search';
export { siteApi } from './api/calls/site';
export { tagApi } from './api/calls/tags';
export { reactionApi, voteApi } from './api/calls/votes';
export { ADMIN_API_BASE, API_BASE, api, type CallOptions } from './api/client';
export { invalidateKeys, queryKeys } from './api/query-keys';
export type * from './api/wire';
export { AppFrame } from './app/app-frame';
export { createLifecycles } from './app/lifecycles';
export { clearPageError, type PageErrorCode, showPageError, usePageError } from './app/page-error';
export { AppProviders } from './app/providers';
export { queryClient } from './app/query-client';
export { useAction } from './app/use-action';
export { useDebounced } from './app/use-debounced';
export { useHydrated } from './app/use-hydrated';
export {
  AskedAnswer,
  type AskedAnswerProps,
  AssistantChat,
  type AssistantChatProps,
  AssistantTurns,
} from './assistant/lazy-chat';
export { CommentList } from './comments/comment-list';
export { extractMentions } from './comments/mentions';
export { MarkdownEditor, type MarkdownEditorProps } from './editor/lazy-editor';
export { Preview as MarkdownPreview } from './editor/preview';
export { capCount, formatCount } from './format/count';
export { type DiffPart, diffTokens, lines, words } from './format/diff';
export { relativeTime } from './format/relative-time';
export { type Rule, rules, validate } from './forms/rules';
export { useForm } from './forms/use-form';
export { Guarded, Loading } from './guards/guarded';
export { editability, type Guard, type GuardContext, type GuardResult, guards, runGuards } from './guards/guards';
export { isExemptPath } from './guards/private-site';
export { saveLoginRedirect, takeLoginRedirect } from './guards/redirect-target';
export { currentLanguage, i18n, localeTag, SUPPORTED_LANGUAGES, setLanguage } from './i18n/i18n';
export { useDefaultLanguage, useLanguage } from './i18n/use-language';
export { useTranslation } from './i18n/use-translation';
export { NewItemsNotice } from './live/new-items-notice';
export { OwnVotes, ownVotes, voteDeltas } from './live/own-votes';
export { refreshLater } from './live/refresh';
export type { LiveState } from './live/relay-messages';
export { useLiveOpen, useLiveState, useLiveTopic } from './live/use-live-topic';
export { QUESTION_SORTS, QuestionList } from './questions/question-list';
export { hasAccepted, QuestionRow, TagChips } from './questions/question-row';
export { isExternal, type Location, navigate, useLocation, useSearchParams, withParams } from './router/history';
export { Link, LinkButton, type LinkButtonProps, type LinkProps } from './router/link';
export { matchPath, type PathParams } from './router/match-path';
export {
  linkedAnswerId,
  QUESTION_ROUTE,
  questionPath,
  slugInLinks,
  tagPath,
} from './router/post-links';
export { type Route, RouteScreens, route, screenAt } from './router/route-table';
export { ROUTES } from './router/routes';
export type {
  ApiAnswer,
  ApiReader,
  PageContext,
  PageHead,
  PageLoad,
  SeededQuery,
  ServerPage,
} from './server/server-page';
export { ServerHref, SSR_STATE_ELEMENT_ID, type SsrState } from './server/ssr-state';
export { summary } from './server/summary';
export { completeLogin, logout, signInWithToken } from './session/actions';
export { LoginForm } from './session/login-form';
export { deriveLoginState, type LoginState } from './session/login-state';
export {
  clearSession,
  currentLoginState,
  getToken,
  getUser,
  refreshProfile,
  setSession,
  useLoginState,
  useUser,
} from './session/session';
export type { UserInfo } from './session/user';
export { usePermalink } from './site/site-facts';
export { captchaOn, loadSiteInfo, useSiteInfo, useUserCenterAgent } from './site/site-info';
export { STORAGE_KEYS, storage } from './storage';
export { createStore, type Store, useStore } from './store';
export { type ChosenTag, chooseTag, slugOf } from './tags/tag-choice';
export { TagSelector, type TagSelectorProps } from './tags/tag-selector';
export { agoraTheme, type ColorMode, colorMode, navbarStyle, primaryColor } from './theme/theme';
export { Avatar, avatarSrc } from './ui/avatar';
export { BADGE_LEVEL_COLOURS, BadgeIcon, badgeLevelName } from './ui/badge-icon';
export { CaptchaCancelled, withCaptcha } from './ui/captcha';
export { dialogs } from './ui/dialog-store';
export { ErrorPage, MaintenancePage, UnexpectedError } from './ui/error-page';
export { GlobalHosts } from './ui/global-hosts';
export { BellIcon, MenuIcon, MoreIcon, SearchIcon, TrophyIcon } from './ui/icons';
export { ensureCanAct } from './ui/login-dialog';
export { Pagination } from './ui/pagination';
export { type PageItem, pageItems } from './ui/pagination-items';
export { PlainButton, PlainChip, PlainIconButton } from './ui/plain/plain-button';
export { PostHtml } from './ui/post-html';
export { RelativeTime } from './ui/relative-time';
export { ShareMenu, shareLink } from './ui/share-menu';
export { SortBar, type SortOption } from './ui/sort-bar';
export { toast } from './ui/toast-store';
export { UserLink } from './ui/user-link';
