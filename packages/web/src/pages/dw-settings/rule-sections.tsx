import {
  type SampleRates,
  type SpaceSettings,
  sampleDimensionLabels,
  sampleDimensions,
  sampleRateLimits,
  sampleSurchargeFields,
  spaceSettingLimits,
} from "@wjgj/core";
import { Form, InputNumber, Typography } from "antd";
import { adminSiteApi, useSampleRates, useSpaceRules } from "../../api/admin-site.ts";
import { SettingsSection } from "./settings-section.tsx";

/** A whole-number field; the server checks the same bounds and answers in Chinese when they are broken. */
function WholeNumber({
  name,
  label,
  min,
  max,
  unit,
  extra,
}: {
  name: string;
  label: string;
  min: number;
  max: number;
  unit: string;
  extra?: string;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[{ required: true, message: `请填写${label}` }]}
    >
      <InputNumber min={min} max={max} precision={0} suffix={unit} style={{ width: "100%" }} />
    </Form.Item>
  );
}

/** 样本服务价格: the per-response base price and each targeting dimension's surcharge, in fen. */
export function SampleRatesSection() {
  const rates = useSampleRates();
  return (
    <SettingsSection
      title="样本服务价格"
      testId="settings-sample-rates"
      prefix=""
      initial={rates.data as Record<string, unknown> | undefined}
      save={(values) => adminSiteApi.saveSampleRates(values as unknown as SampleRates)}
    >
      <Typography.Paragraph type="secondary">
        金额以分为单位（100分 = 1元）。每份有效答卷的价格 = 基础价 +
        下单时选了限定条件的各项加价；已下的订单按下单时的价格结算。
      </Typography.Paragraph>
      <div className="wj-settings__pair">
        <WholeNumber
          name="basePriceFen"
          label="基础价"
          min={1}
          max={sampleRateLimits.maxPriceFen}
          unit="分/份"
        />
        {sampleDimensions.map((dimension) => (
          <WholeNumber
            key={dimension}
            name={sampleSurchargeFields[dimension]}
            label={`限定${sampleDimensionLabels[dimension]}加价`}
            min={0}
            max={sampleRateLimits.maxPriceFen}
            unit="分/份"
          />
        ))}
        <WholeNumber
          name="minQuantity"
          label="最少订购数量"
          min={1}
          max={sampleRateLimits.maxQuantity}
          unit="份"
        />
        <WholeNumber
          name="maxQuantity"
          label="最多订购数量"
          min={1}
          max={sampleRateLimits.maxQuantity}
          unit="份"
        />
      </div>
    </SettingsSection>
  );
}

/** 互填积分规则: the daily earning cap, the minimum answering time, the reward range and the posting fee. */
export function SpaceRulesSection() {
  const rules = useSpaceRules();
  return (
    <SettingsSection
      title="互填积分规则"
      testId="settings-space-rules"
      prefix=""
      initial={rules.data as Record<string, unknown> | undefined}
      save={(values) => adminSiteApi.saveSpaceRules(values as unknown as SpaceSettings)}
    >
      <Typography.Paragraph type="secondary">
        保存后立即对之后的答题和发布生效；已发布的互填按发布时的奖励发放积分。
      </Typography.Paragraph>
      <div className="wj-settings__pair">
        <WholeNumber
          name="dailyCap"
          label="每日获得积分上限"
          min={1}
          max={spaceSettingLimits.maxDailyCap}
          unit="积分"
        />
        <WholeNumber
          name="postFee"
          label="发布费用"
          min={0}
          max={spaceSettingLimits.maxPostFee}
          unit="积分"
          extra="每次发布到互填另扣，不退回"
        />
        <WholeNumber
          name="secondsPerQuestion"
          label="每题最少答题时间"
          min={0}
          max={spaceSettingLimits.maxSecondsPerQuestion}
          unit="秒"
        />
        <WholeNumber
          name="minSeconds"
          label="每份最少答题时间"
          min={0}
          max={spaceSettingLimits.maxMinSeconds}
          unit="秒"
          extra="答题时间少于“题数 × 每题时间”与此值中较大者时不计积分"
        />
        <WholeNumber
          name="minReward"
          label="每份奖励下限"
          min={1}
          max={spaceSettingLimits.maxReward}
          unit="积分"
        />
        <WholeNumber
          name="maxReward"
          label="每份奖励上限"
          min={1}
          max={spaceSettingLimits.maxReward}
          unit="积分"
        />
      </div>
    </SettingsSection>
  );
}
