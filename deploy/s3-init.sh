#!/bin/sh
# One-shot setup of the S3 server of docker-compose.yml (the `s3-init` service, MinIO's `mc` client), run before the
# platform starts and again, harmlessly, on every `docker compose up`: the platform's bucket, and the platform's own
# access key, allowed that bucket and nothing else (the root credentials stay with MinIO and this script). The
# platform never creates its bucket: it only reads and writes objects in it.
# Environment: MINIO_ROOT_USER, MINIO_ROOT_PASSWORD, S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.
set -eu

POLICY=platform-files
POLICY_FILE="${TMPDIR:-/tmp}/platform-files-policy.json"

mc alias set platform "$S3_ENDPOINT" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing "platform/$S3_BUCKET"

# Objects (uploads land under tmp/ and are copied under their key), and the bucket's listing (the sweeper's and the
# backup's), incomplete multipart uploads included.
cat >"$POLICY_FILE" <<EOF
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
EOF
mc admin policy create platform "$POLICY" "$POLICY_FILE"
# Adding a user that exists sets its secret again (a changed S3_SECRET_ACCESS_KEY takes effect).
mc admin user add platform "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# Attaching a policy the user already has is refused ("already in effect"): then it is checked instead (with the
# shell alone: the image has no grep).
if ! mc admin policy attach platform "$POLICY" --user "$S3_ACCESS_KEY_ID"; then
  case "$(mc admin user info platform "$S3_ACCESS_KEY_ID")" in
    *"$POLICY"*) ;;
    *) echo "La chiave $S3_ACCESS_KEY_ID non ha la policy $POLICY." >&2; exit 1 ;;
  esac
fi
rm -f "$POLICY_FILE"
echo "Bucket $S3_BUCKET pronto per $S3_ACCESS_KEY_ID."
