// SPDX-License-Identifier: GPL-3.0-or-later
// Debian's libgit2 uses mbedTLS, and git_libgit2_init() parses the system's whole CA bundle
// (/etc/ssl/certs/ca-certificates.crt, base64 of ~140 certificates): 5-10 ms of CPU on every start of the
// CLI, for HTTPS remotes Sandbench never uses (history is local; nothing calls git_remote_* or git_clone).
// This executable exports the one function libgit2 calls for that, so the dynamic linker binds libgit2's call
// here instead of into libmbedx509: no CA is loaded. Should libgit2 ever open a TLS connection, it then
// trusts no certificate (fails closed). Only libgit2 links mbedTLS (Qt uses OpenSSL).
extern "C" __attribute__((visibility("default"))) int mbedtls_x509_crt_parse_file(void *chain,
                                                                                  const char *path)
{
    (void)chain;
    (void)path;
    return -0x2900; // MBEDTLS_ERR_X509_FILE_IO_ERROR: libgit2 then loads nothing and carries on
}
