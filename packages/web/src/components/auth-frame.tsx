import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "./brand-logo.tsx";
import "./auth-frame.css";

interface AuthFrameProps {
  tagline: string;
  children: ReactNode;
}

/** The centred card of the login and phone-binding screens. */
export function AuthFrame({ tagline, children }: AuthFrameProps) {
  return (
    <div className="wj-auth">
      <div className="wj-auth__card">
        <Link to="/website/home" className="wj-auth__brand" aria-label="问卷管家首页">
          <BrandMark size={44} />
          <span>问卷管家</span>
        </Link>
        <p className="wj-auth__tagline">{tagline}</p>
        {children}
      </div>
      <footer className="wj-auth__footer">
        <Link to="/website/home">返回首页</Link>
        <span>·</span>
        <Link to="/website/resource/help">帮助中心</Link>
        <span>·</span>
        <Link to="/Agreement">用户协议</Link>
        <span>·</span>
        <Link to="/Agreement?tab=privacy">隐私政策</Link>
      </footer>
    </div>
  );
}
