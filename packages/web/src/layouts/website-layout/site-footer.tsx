import { MailOutlined, PhoneOutlined } from "@ant-design/icons";
import { PRODUCT_LINKS, RESOURCE_LINKS } from "@wjgj/core";
import { Link } from "react-router";
import { useFooterInfo, useFriendLinks } from "../../api/navigation.ts";
import { BrandLogo } from "../../components/brand-logo.tsx";

/** Footer of the public site (seed §1, §3) filled from navigation/getFooterInfo. */
export function SiteFooter() {
  const { data: info } = useFooterInfo();
  const { data: friendLinks } = useFriendLinks();
  return (
    <footer className="wj-site-footer" data-testid="site-footer">
      <div className="wj-site-footer__inner">
        <div className="wj-site-footer__brand">
          <BrandLogo inverse />
          <p>专业的在线问卷、考试、投票与表单平台，让每一次数据收集都简单可靠。</p>
        </div>
        <div className="wj-site-footer__col">
          <h2>产品介绍</h2>
          <ul>
            {PRODUCT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="wj-site-footer__col">
          <h2>资源</h2>
          <ul>
            {RESOURCE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/website/resource/api">开放接口</Link>
            </li>
            <li>
              <Link to="/website/version">版本价格</Link>
            </li>
            <li>
              <Link to="/Agreement">用户协议</Link>
            </li>
            <li>
              <Link to="/Agreement?tab=privacy">隐私政策</Link>
            </li>
          </ul>
        </div>
        <div className="wj-site-footer__col">
          <h2>联系我们</h2>
          {info && (
            <ul>
              <li>
                <MailOutlined /> <a href={`mailto:${info.siteMail}`}>{info.siteMail}</a>
              </li>
              <li>
                <PhoneOutlined /> <a href={`tel:${info.sitePhone}`}>{info.sitePhone}</a>
              </li>
            </ul>
          )}
        </div>
      </div>
      {friendLinks && friendLinks.length > 0 && (
        <nav className="wj-site-footer__friends" aria-label="友情链接">
          <h2>友情链接</h2>
          <ul>
            {friendLinks.map((link) => (
              <li key={link.id}>
                {/* Approved by an admin, but still someone else's site: no referrer, no opener, no ranking. */}
                <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {info && (
        <div className="wj-site-footer__legal" data-testid="footer-legal">
          <span>
            © {info.years} {info.siteName}
          </span>
          {/* No registration number is configured until the operator files one. */}
          {info.siteIcp && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer noopener">
              {info.siteIcp}
            </a>
          )}
          <span>
            {info.versionInfo} {info.versionNumber}
          </span>
        </div>
      )}
    </footer>
  );
}
