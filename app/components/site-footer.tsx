import { SITE_LABEL, SITE_NAME } from "../site.ts";
import { Link } from "./link.tsx";
import { ThemeSwitch } from "./theme-switch.tsx";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>
          <strong>{SITE_NAME}</strong> <span className="badge">{SITE_LABEL}</span>
        </p>
        <nav aria-label="Footer" className="footer-nav">
          <Link to="/about">About</Link>
          <Link to="/help">Help / FAQ</Link>
          <Link to="/updates">Updates</Link>
          <Link to="/all-users">All Public Users</Link>
          <Link to="/verdicts">Book or film?</Link>
        </nav>
        <ThemeSwitch />
      </div>
    </footer>
  );
}
