declare module "s3rver" {
  type BucketConfig = { name: string; configs: Array<string | Buffer> };
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; resetOnClose?: boolean; configureBuckets?: BucketConfig[] });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
