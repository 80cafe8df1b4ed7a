import { Button, type ButtonProps } from "antd";
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * A button that goes to another page of the app. It is a real link (`<a href>`), so on a server-rendered page
 * a tap before hydration still goes there (a plain button's click handler does not exist yet), search
 * engines follow it, and 在新标签页打开 works; once live, an ordinary click moves inside the SPA instead of
 * reloading it.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, "href" | "onClick"> & { to: string }) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    // Modified clicks (new tab, new window) keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={to} onClick={handleClick} />;
}
