export {
  addComment,
  COMMENT_MESSAGES,
  type CommentView,
  commentDeletion,
  commentSchema,
  connectionWithComments,
  deleteComment,
  listComments,
  updateComment,
} from "./comments.ts";
export { toggleFavorite, toggleLike } from "./reactions.ts";
