import { z } from "zod";

/**
 * A key's name as 创建密钥 takes it: the server's check, and the form's in 个人中心 · API 密钥, which loads this
 * module when it validates (open-api.ts, which the page needs to paint, holds no zod).
 */
export const apiKeyNameSchema = z.string().trim().min(1, "请填写密钥名称").max(50, "密钥名称最多50个字");
