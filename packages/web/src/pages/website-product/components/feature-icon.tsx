import {
  AppstoreOutlined,
  BarChartOutlined,
  BranchesOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FilterOutlined,
  GiftOutlined,
  LockOutlined,
  MobileOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  SmileOutlined,
  SwapOutlined,
  TeamOutlined,
  TrophyOutlined,
  UploadOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";
import type { FeatureIcon as FeatureIconName } from "../product-content.ts";

const icons: Record<FeatureIconName, ComponentType<{ "aria-hidden"?: boolean }>> = {
  apps: AppstoreOutlined,
  branches: BranchesOutlined,
  chart: BarChartOutlined,
  clock: ClockCircleOutlined,
  cloud: CloudServerOutlined,
  database: DatabaseOutlined,
  download: DownloadOutlined,
  edit: EditOutlined,
  eye: EyeOutlined,
  filter: FilterOutlined,
  gift: GiftOutlined,
  lock: LockOutlined,
  mobile: MobileOutlined,
  qrcode: QrcodeOutlined,
  safety: SafetyCertificateOutlined,
  shuffle: SwapOutlined,
  smile: SmileOutlined,
  team: TeamOutlined,
  trophy: TrophyOutlined,
  upload: UploadOutlined,
};

/** A feature card's icon: decoration next to its heading, so hidden from screen readers. */
export function FeatureIcon({ name }: { name: FeatureIconName }) {
  const Icon = icons[name];
  return (
    <span className="wj-site-icon wj-product__feature-icon">
      <Icon aria-hidden />
    </span>
  );
}
