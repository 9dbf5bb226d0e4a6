#!/usr/bin/env python3
"""Fills a bucket on moto's S3 server with a library folder, for dvpipe's tests of libraries in a bucket, and
prints the key of a user who may read it (JSON: access_key_id, secret_access_key). With --require-signatures,
moto then checks the Signature V4 of every request against its IAM (botocore does the uploads).

    s3-library.py http://127.0.0.1:PORT BUCKET PREFIX FOLDER [--require-signatures]
"""
import argparse
import json
import os
import urllib.request

import boto3


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("endpoint")
    parser.add_argument("bucket")
    parser.add_argument("prefix", help="the keys' beginning, written as keys are (Été 2024/), or empty")
    parser.add_argument("folder")
    parser.add_argument("--require-signatures", action="store_true")
    arguments = parser.parse_args()

    def client(service, key, secret):
        return boto3.client(
            service, endpoint_url=arguments.endpoint, aws_access_key_id=key, aws_secret_access_key=secret, region_name="us-east-1"
        )

    iam = client("iam", "setup", "setup")
    iam.create_user(UserName="reader")
    policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
    iam.put_user_policy(UserName="reader", PolicyName="library", PolicyDocument=json.dumps(policy))
    key = iam.create_access_key(UserName="reader")["AccessKey"]
    s3 = client("s3", key["AccessKeyId"], key["SecretAccessKey"])
    s3.create_bucket(Bucket=arguments.bucket)
    for folder, _, files in os.walk(arguments.folder):
        for name in sorted(files):
            path = os.path.join(folder, name)
            s3.upload_file(path, arguments.bucket, arguments.prefix + os.path.relpath(path, arguments.folder))
    if arguments.require_signatures:
        request = urllib.request.Request(
            arguments.endpoint + "/moto-api/reset-auth", data=b"0", headers={"Content-Type": "text/plain"}, method="POST"
        )
        urllib.request.urlopen(request).read()
    print(json.dumps({"access_key_id": key["AccessKeyId"], "secret_access_key": key["SecretAccessKey"]}))


if __name__ == "__main__":
    main()
