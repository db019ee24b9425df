// SPDX-License-Identifier: GPL-3.0-or-later
#define SANDBENCH_LAZY_GIT_TABLE
#include "lazygit.h"

#include <QByteArray>

#include <dlfcn.h>
#include <type_traits>

using namespace Qt::StringLiterals;

namespace LazyGit {
namespace {

struct Loaded
{
    Functions functions;
    QString error;
    bool ok = false;
};

Loaded loadLibraries()
{
    Loaded l;
    // Never closed: libgit2 and libcrypto register exit handlers of their own.
    void *git = dlopen(SANDBENCH_LIBGIT2_SONAME, RTLD_NOW | RTLD_LOCAL);
    void *crypto = git ? dlopen(SANDBENCH_LIBCRYPTO_SONAME, RTLD_NOW | RTLD_LOCAL) : nullptr;
    if (!git || !crypto) {
        const char *why = dlerror();
        l.error =
            u"the history's library cannot be loaded: "_s +
            QString::fromLocal8Bit(why ? why : (git ? SANDBENCH_LIBCRYPTO_SONAME : SANDBENCH_LIBGIT2_SONAME));
        return l;
    }
    const char *missing = nullptr;
    auto resolve = [&missing](void *library, const char *name, auto *slot) {
        *slot = reinterpret_cast<std::remove_pointer_t<decltype(slot)>>(dlsym(library, name));
        if (!*slot && !missing)
            missing = name;
    };
#define SANDBENCH_LAZY_GIT(name) resolve(git, #name, &l.functions.name);
#define SANDBENCH_LAZY_CRYPTO(name) resolve(crypto, #name, &l.functions.name);
    SANDBENCH_LAZY_GIT_FUNCTIONS(SANDBENCH_LAZY_GIT)
    SANDBENCH_LAZY_CRYPTO_FUNCTIONS(SANDBENCH_LAZY_CRYPTO)
#undef SANDBENCH_LAZY_GIT
#undef SANDBENCH_LAZY_CRYPTO
    if (missing) {
        l.error = u"the history's library lacks %1 (%2, %3)"_s.arg(
            QLatin1StringView(missing), QLatin1StringView(SANDBENCH_LIBGIT2_SONAME),
            QLatin1StringView(SANDBENCH_LIBCRYPTO_SONAME));
        return l;
    }
    // OpenSSL 3 reads its configuration and fetches the digest on first use (0.6 ms): here, so that it is
    // done on the thread exec loads the table on while its sandbox boots, not in the call's first commit.
    const Functions &f = l.functions;
    if (EVP_MD_CTX *ctx = f.EVP_MD_CTX_new()) {
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int length = 0;
        if (f.EVP_DigestInit_ex(ctx, f.EVP_sha1(), nullptr) == 1)
            f.EVP_DigestFinal_ex(ctx, digest, &length);
        f.EVP_MD_CTX_free(ctx);
    }
    l.ok = true;
    return l;
}

const Loaded &loaded()
{
    static const Loaded l = loadLibraries();
    return l;
}

} // namespace

bool load(QString *error)
{
    const Loaded &l = loaded();
    if (!l.ok && error)
        *error = l.error;
    return l.ok;
}

const Functions &functions()
{
    const Loaded &l = loaded();
    if (!l.ok)
        qFatal("sandbench: %s", qPrintable(l.error));
    return l.functions;
}

} // namespace LazyGit
