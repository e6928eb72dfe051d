/**
 * The card action bar's icons. On narrow screens the bar shows these instead of its words (layout in app.css,
 * `.action-button__icon` and `.action-button__word`), so it stays one row; the words stay in each control's
 * accessible name.
 */
function ActionIcon({ path }: { path: string }) {
  return (
    <svg
      className="action-button__icon"
      width="18"
      height="18"
      viewBox="0 0 18 18"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const CommentIcon = () => <ActionIcon path="M3 3.5h12v8H7.5L4 14.5v-3H3z" />;
export const ShareIcon = () => <ActionIcon path="M9 11V2.5M5.5 6 9 2.5 12.5 6M4 9v6h10V9" />;
export const FlagIcon = () => <ActionIcon path="M4 15.5V2.5M4 3h9l-2 3.5L13 10H4" />;
export const TrashIcon = () => <ActionIcon path="M3 4.5h12M7 4.5V3h4v1.5M5 4.5l.8 10h6.4l.8-10" />;
