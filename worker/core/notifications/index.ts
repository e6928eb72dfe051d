export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
  notificationInsert,
  notificationTarget,
} from "./notifications.ts";
export { nameOf, notificationText } from "./text.ts";
