export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
  notificationInsert,
  notificationsRead,
  notificationTarget,
  toNotificationView,
} from "./notifications.ts";
export { nameOf, notificationText } from "./text.ts";
