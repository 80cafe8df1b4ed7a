import type { ExamReview } from "@wjgj/core";
import { Alert, Button, Form, Input, Result, Spin } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { ReviewSheet } from "./review-sheet.tsx";
import { rememberedToken, rememberSignIn, type ScoreGate, scoreApi } from "./score-api.ts";
import "../receipt/receipt.css";
import "./exam-score.css";

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : "网络异常，请稍后重试");

/**
 * /examScore/{publicId} (查分, issue #40): the candidate signs in as for the exam (准考证号 + 姓名, or a code to
 * the phone on the list) and sees their answer sheet with the score, the right answers and 答案解析, once the
 * exam has ended or the creator released the scores.
 */
export function ExamScorePage() {
  const publicId = useParams().publicId ?? "";
  const [gate, setGate] = useState<ScoreGate | null>(null);
  const [review, setReview] = useState<ExamReview | null>(null);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);

  const load = async (token: string) => {
    setBusy(true);
    try {
      setReview(await scoreApi.review(publicId, token));
      setError("");
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per exam
  useEffect(() => {
    let alive = true;
    scoreApi
      .gate(publicId)
      .then((found) => {
        if (!alive) return;
        setGate(found);
        const token = rememberedToken(publicId);
        if (token) void load(token);
      })
      .catch((failure: unknown) => alive && setError(messageOf(failure)))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [publicId]);

  if (loading)
    return (
      <main className="rc-page">
        <Spin />
      </main>
    );
  if (!gate?.examGuard?.review)
    return (
      <main className="rc-page">
        <Result status="warning" title="无法查询成绩" subTitle={error || "本场考试未开放查分"} />
      </main>
    );
  if (review)
    return (
      <main className="rc-page" data-testid="exam-score-page">
        <h1>{review.title}</h1>
        <p className="rc-meta">{`${review.candidate.name}（${review.candidate.number}）· 交卷于 ${dayjs(review.submittedAt).format("YYYY-MM-DD HH:mm")}`}</p>
        <ReviewSheet review={review} />
        <Button
          onClick={() => {
            rememberSignIn(publicId, null);
            setReview(null);
          }}
        >
          退出查询
        </Button>
      </main>
    );
  return (
    <main className="rc-page" data-testid="exam-score-page">
      <h1>查询成绩</h1>
      <p className="rc-meta">{gate.title}</p>
      {error ? <Alert type="warning" showIcon title={error} className="es-alert" /> : null}
      <SignInForm
        publicId={publicId}
        byPhone={gate.examGuard.signIn === "phone"}
        busy={busy}
        onError={setError}
        onSignedIn={(token) => void load(token)}
      />
    </main>
  );
}

function SignInForm(props: {
  publicId: string;
  byPhone: boolean;
  busy: boolean;
  onError(message: string): void;
  onSignedIn(token: string): void;
}) {
  const [number, setNumber] = useState("");
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [wait, setWait] = useState(0);
  const [signing, setSigning] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    try {
      await scoreApi.sendCode(phone.trim());
      setWait(60);
    } catch (failure) {
      props.onError(messageOf(failure));
    }
  };
  const submit = async () => {
    setSigning(true);
    try {
      const result = await scoreApi.signIn(
        props.byPhone
          ? { publicId: props.publicId, phone: phone.trim(), code: code.trim() }
          : { publicId: props.publicId, number: number.trim(), name: name.trim() },
      );
      rememberSignIn(props.publicId, result);
      props.onError("");
      props.onSignedIn(result.candidateToken);
    } catch (failure) {
      props.onError(messageOf(failure));
    } finally {
      setSigning(false);
    }
  };
  const ready = props.byPhone ? phone.trim() && code.trim() : number.trim() && name.trim();
  return (
    <Form layout="vertical" onFinish={() => void submit()} className="es-form">
      {props.byPhone ? (
        <>
          <Form.Item label="手机号" htmlFor="es-phone">
            <Input
              id="es-phone"
              inputMode="numeric"
              maxLength={11}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          </Form.Item>
          <Form.Item label="验证码" htmlFor="es-code">
            <div className="es-code">
              <Input
                id="es-code"
                inputMode="numeric"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              <Button disabled={wait > 0 || phone.trim().length !== 11} onClick={() => void send()}>
                {wait > 0 ? `${wait} 秒后重新获取` : "获取验证码"}
              </Button>
            </div>
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item label="准考证号" htmlFor="es-number">
            <Input
              id="es-number"
              maxLength={50}
              autoComplete="off"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
            />
          </Form.Item>
          <Form.Item label="姓名" htmlFor="es-name">
            <Input
              id="es-name"
              maxLength={50}
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" block loading={signing || props.busy} disabled={!ready}>
        查询成绩
      </Button>
    </Form>
  );
}
