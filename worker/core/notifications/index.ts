export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  moderationNotice,
  type NotificationView,
  notificationIf,
  notificationsRead,
  notificationsWhere,
  notificationTarget,
  toNotificationView,
} from "./notifications.ts";
export { type MemberNotificationType, MODERATION_LINK, moderationText, notificationText } from "./text.ts";
