export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
  notificationInsert,
  notificationTarget,
} from "./notifications.ts";
export { notificationText } from "./text.ts";
