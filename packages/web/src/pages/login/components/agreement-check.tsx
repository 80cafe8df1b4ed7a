import { Checkbox } from "antd";
import { Link } from "react-router";

interface AgreementCheckProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Set after a refused login, to point at the box. */
  error: string | null;
}

export function AgreementCheck({ checked, onChange, error }: AgreementCheckProps) {
  return (
    <div className={error ? "wj-login__agreement wj-login__agreement--error" : "wj-login__agreement"}>
      <Checkbox
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="agreement-check"
      >
        我已阅读并同意
        <Link to="/Agreement" target="_blank">
          《用户协议》
        </Link>
        和
        <Link to="/Agreement?tab=privacy" target="_blank">
          《隐私政策》
        </Link>
      </Checkbox>
      {error && (
        <div className="wj-login__agreement-error" role="alert" data-testid="agreement-error">
          {error}
        </div>
      )}
    </div>
  );
}
