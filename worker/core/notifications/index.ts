export {
  GROUP_MESSAGES,
  listNotificationGroups,
  markNotificationRead,
  type NotificationGroupView,
  notificationGroupsRead,
  readGrouping,
  toNotificationGroupView,
  unreadGroupCount,
} from "./groups.ts";
export {
  listNotifications,
  markAllNotificationsRead,
  moderationNotice,
  type NotificationView,
  notificationIf,
  notificationsRead,
  notificationsWhere,
  notificationTarget,
  toNotificationView,
} from "./notifications.ts";
export { type MemberNotificationType, MODERATION_LINK, moderationText, notificationText } from "./text.ts";
