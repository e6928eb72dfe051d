export {
  addComment,
  COMMENT_MESSAGES,
  type CommentView,
  connectionWithComments,
  deleteComment,
  listComments,
  updateComment,
} from "./comments.ts";
export { toggleFavorite, toggleLike } from "./reactions.ts";
