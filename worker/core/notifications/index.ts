export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
  notificationIf,
  notificationsRead,
  notificationsWhere,
  notificationTarget,
  toNotificationView,
} from "./notifications.ts";
export { notificationText } from "./text.ts";
