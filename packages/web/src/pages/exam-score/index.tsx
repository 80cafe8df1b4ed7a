import type { ExamReview } from "@wjgj/core";
import { Alert, Button, Form, Input, Result, Spin } from "antd";
import dayjs from "dayjs";
import { Suspense, useEffect, useState } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../api/errors.ts";
import { PhoneCodeFields, type PhoneCodeValues } from "../../components/phone-code-fields.tsx";
import { lazyExport, prefetchWhenIdle } from "../../lib/on-demand.tsx";
import { rememberedToken, rememberSignIn, type ScoreGate, scoreApi } from "./score-api.ts";
import "../receipt/receipt.css";
import "./exam-score.css";

/**
 * The answer sheet reads answers through the question types' modules (and so zod): it is fetched once the sign-in
 * has painted, not before (scripts/shell-bundle.mjs keeps this page's first paint free of zod).
 */
const loadReviewSheet = () => import("./review-sheet.tsx");
const ReviewSheet = lazyExport(loadReviewSheet, (module) => module.ReviewSheet);

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
    let cancelPrefetch = () => {};
    scoreApi
      .gate(publicId)
      .then((found) => {
        if (!alive) return;
        setGate(found);
        // Ready by the time the candidate has signed in.
        if (found.examGuard?.review) cancelPrefetch = prefetchWhenIdle(loadReviewSheet);
        const token = rememberedToken(publicId);
        if (token) void load(token);
      })
      .catch((failure: unknown) => alive && setError(messageOf(failure)))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
      cancelPrefetch();
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
        <Suspense fallback={<Spin />}>
          <ReviewSheet review={review} />
        </Suspense>
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

interface SignInValues extends PhoneCodeValues {
  number: string;
  name: string;
}

function SignInForm(props: {
  publicId: string;
  byPhone: boolean;
  busy: boolean;
  onError(message: string): void;
  onSignedIn(token: string): void;
}) {
  const [form] = Form.useForm<SignInValues>();
  const [signing, setSigning] = useState(false);
  const submit = async ({ phone, code, number, name }: SignInValues) => {
    setSigning(true);
    try {
      const result = await scoreApi.signIn(
        props.byPhone
          ? { publicId: props.publicId, phone, code }
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
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} className="rc-form">
      {props.byPhone ? (
        <PhoneCodeFields
          form={form}
          labelled
          send={scoreApi.sendCode}
          onError={(failure) => props.onError(messageOf(failure))}
        />
      ) : (
        <>
          <Form.Item
            name="number"
            label="准考证号"
            rules={[{ required: true, whitespace: true, message: "请输入准考证号" }]}
          >
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="name"
            label="姓名"
            rules={[{ required: true, whitespace: true, message: "请输入姓名" }]}
          >
            <Input maxLength={50} autoComplete="name" />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" block loading={signing || props.busy}>
        查询成绩
      </Button>
    </Form>
  );
}
