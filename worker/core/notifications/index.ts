export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
  notificationIf,
  notificationInsert,
  notificationsWhere,
  notificationTarget,
} from "./notifications.ts";
export { notificationText } from "./text.ts";
