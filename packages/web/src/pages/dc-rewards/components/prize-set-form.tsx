import {
  drawLimitBy,
  drawLimitByLabels,
  type Eligibility,
  type PrizeSet,
  type SurveyDefinition,
  winnerFieldLabels,
  winnerFields,
} from "@wjgj/core";
import { App, Button, Card, Checkbox, DatePicker, Form, InputNumber, Select, Switch } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect } from "react";
import { rewardsApi, usePrizeSet, useRewardMutation } from "../../../api/rewards.ts";
import { Permitted, useAccess } from "../../../components/permitted.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { EligibilityInput, eligibilityRules } from "./eligibility-input.tsx";

interface Values {
  enabled: boolean;
  eligibility: Eligibility;
  limitBy: PrizeSet["limitBy"];
  drawsPerPerson: number;
  window: [Dayjs | null, Dayjs | null] | null;
  winnerFields: PrizeSet["winnerFields"];
  publicWinners: boolean;
}

function toValues(set: PrizeSet): Values {
  return {
    enabled: set.enabled,
    eligibility: set.eligibility,
    limitBy: set.limitBy,
    drawsPerPerson: set.drawsPerPerson,
    window:
      set.startsAt || set.endsAt
        ? [set.startsAt ? dayjs(set.startsAt) : null, set.endsAt ? dayjs(set.endsAt) : null]
        : null,
    winnerFields: set.winnerFields,
    publicWinners: set.publicWinners,
  };
}

/** 抽奖设置: on/off, who may draw, draws per person, the window, the winner's form, the public list. */
export function PrizeSetForm({ id, definition }: { id: number; definition: SurveyDefinition }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const showError = useApiError();
  const set = usePrizeSet(id);
  const access = useAccess();
  const save = useRewardMutation(id, (changes: Partial<PrizeSet>) => rewardsApi.updatePrizeSet(id, changes));

  useEffect(() => {
    if (set.data) form.setFieldsValue(toValues(set.data));
  }, [set.data, form]);

  const handleFinish = (values: Values) => {
    const changes: Partial<PrizeSet> = {
      enabled: values.enabled,
      eligibility: values.eligibility,
      limitBy: values.limitBy,
      drawsPerPerson: values.drawsPerPerson,
      startsAt: values.window?.[0]?.toISOString() ?? null,
      endsAt: values.window?.[1]?.toISOString() ?? null,
      winnerFields: values.winnerFields,
      publicWinners: values.publicWinners,
    };
    save.mutate(changes, {
      onSuccess: () => message.success("抽奖设置已保存"),
      onError: (error) => showError(error),
    });
  };

  return (
    <Card title="抽奖设置" loading={set.isLoading}>
      <Form
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        className="wj-rewards__form"
        disabled={!access.may("edit")}
      >
        <Form.Item name="enabled" label="开启抽奖" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="eligibility" label="谁可以抽奖" rules={eligibilityRules}>
          <EligibilityInput definition={definition} />
        </Form.Item>
        <Form.Item name="limitBy" label="抽奖次数按">
          <Select options={drawLimitBy.map((value) => ({ value, label: drawLimitByLabels[value] }))} />
        </Form.Item>
        <Form.Item name="drawsPerPerson" label="每人可抽次数">
          <InputNumber min={1} max={100} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="window" label="抽奖时间（不填则不限）">
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="winnerFields" label="中奖者填写">
          <Checkbox.Group options={winnerFields.map((f) => ({ value: f, label: winnerFieldLabels[f] }))} />
        </Form.Item>
        <Form.Item name="publicWinners" label="公开中奖名单" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Permitted action="edit">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存抽奖设置
          </Button>
        </Permitted>
      </Form>
    </Card>
  );
}
