export {
  addComment,
  COMMENT_MESSAGES,
  type CommentView,
  commentDeletion,
  connectionWithComments,
  deleteComment,
  listComments,
  updateComment,
} from "./comments.ts";
export { toggleFavorite, toggleLike } from "./reactions.ts";
