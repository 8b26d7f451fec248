/**
 * The wire shapes the screens read: the types of contracts' response schemas, the ones the services answer
 * with (DESIGN §7, "Wire types"). Imported as types only, so no schema code reaches the browser.
 */
export type { Page } from '@agora/contracts/api/envelope';
export type { PurgeType } from '@agora/contracts/api/purge';
export type {
  ActObjectInfo,
  ActObjectTimeline,
  ObjectTimeline,
  ObjectTimelineDetail,
  TimelineDetail,
} from '@agora/contracts/api/timeline';
export type {
  AiConfig,
  AiConfigInput,
  AiModel,
  AiProviderInfo,
  AiProviderName,
} from '@agora/contracts/assistant/ai';
export type { ApiKeyCreatedResp, ApiKeyItem, McpConfig } from '@agora/contracts/assistant/api-keys';
export type {
  AdminAiConversation,
  AdminAiConversationItem,
  AiConversation,
  AiConversationItem,
  AiRecord,
  AiVoteInput,
  ChatChunk,
  ChatInput,
} from '@agora/contracts/assistant/conversations';
export type { ApiKeyScope } from '@agora/contracts/assistant/events';
export type {
  AdminBadge,
  BadgeAwardItem,
  BadgeGroupList,
  BadgeInfo,
  BadgeListInfo,
  UserBadgeAward,
} from '@agora/contracts/badges/responses';
export type { AdminUserOverview } from '@agora/contracts/identity/admin-user';
export type {
  ActionRecordResp,
  AdminUserPageItem,
  AgentInfo,
  AvatarInfo,
  BindingEmailResp,
  BindingPasswordResp,
  ConnectorInfo,
  ConnectorUserInfo,
  CurrentUserInfo,
  RoleItem,
  UserActivationResp,
  UserCenterAgentResp,
  UserLoginResp,
} from '@agora/contracts/identity/responses';
export type {
  CheckConfigFileResp,
  CheckDatabaseReq,
  CheckDatabaseResp,
  InitBaseInfoReq,
  InitConfigFailed,
} from '@agora/contracts/install/wire';
export type {
  PendingPostItem,
  ReasonItem,
  ReportItem,
  ReviewingType,
  UnreviewedRevisionItem,
} from '@agora/contracts/moderation/responses';
export type {
  InboxType,
  NotificationConfig,
  NotificationItem,
  RedDot,
} from '@agora/contracts/notifications/api';
export type {
  AdminAnswerFilter,
  AdminAnswerInfo,
  AdminAnswerStatus,
  AdminQuestionFilter,
  AdminQuestionInfo,
  AdminQuestionStatus,
} from '@agora/contracts/posts/admin';
export type {
  AnswerInfo,
  AnswerUpdateResp,
  AnswerWithQuestion,
  CommentItem,
  MemberAction,
  Operation,
  QuestionComments,
  QuestionInfo,
  QuestionPageItem,
  TagResp,
  UpdateCommentResp,
  UpdateQuestionResp,
} from '@agora/contracts/posts/responses';
export type { QuestionBaseInfo, SearchResp, SearchResult } from '@agora/contracts/search/api';
export type {
  AdminSettingsPageName,
  PrivilegesResp,
  SiteThemeResp,
  SmtpSettingsPut,
  SmtpSettingsResp,
} from '@agora/contracts/site/admin-settings';
export type { DashboardDay, DashboardResp, DashboardTopUser } from '@agora/contracts/site/dashboard';
export type {
  ConfigField,
  PluginConfigResp,
  PluginListItem,
  RenderConfig,
  SidebarConfig,
  TagSelectorOption,
} from '@agora/contracts/site/plugins';
export type { SiteSettings } from '@agora/contracts/site/settings';
export type { LegalInfo, SiteInfo } from '@agora/contracts/site/siteinfo';
export type {
  AddTagResp,
  FollowingTag,
  FollowResp,
  TagBasic,
  TagInfo,
  TagPageItem,
  TagSynonyms,
  UpdateTagResp,
} from '@agora/contracts/tags/responses';
export type {
  PersonalComment,
  PublicUserInfo,
  RankedUser,
  Ranking,
  RankPageItem,
  UserAnswerInfo,
  UserQuestionInfo,
  UserTopPosts,
  VotePageItem,
} from '@agora/contracts/users/profile';
export type { UserBasicInfo } from '@agora/contracts/users/user-basic-info';
export type { ReactionChange, ReactionEmoji } from '@agora/contracts/votes/reactions';
export type {
  BookmarkResult,
  ReactionItem,
  ReactionSummary,
  VoteResult,
} from '@agora/contracts/votes/responses';
