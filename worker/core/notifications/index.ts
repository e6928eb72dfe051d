export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
  notificationInsert,
  notificationsWhere,
  notificationTarget,
} from "./notifications.ts";
export { nameOf, notificationText } from "./text.ts";
