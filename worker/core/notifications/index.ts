export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
  notificationIf,
  notificationInsert,
  notificationsRead,
  notificationsWhere,
  notificationTarget,
  toNotificationView,
} from "./notifications.ts";
export { notificationText } from "./text.ts";
