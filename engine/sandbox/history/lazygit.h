// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// libgit2 and OpenSSL's libcrypto (the history's SHA-1) are loaded on first use (dlopen), not at process
// start: with their libraries (mbedTLS, libssh2, http-parser, PCRE2, Kerberos) they are 2.6 ms of the 8.2 ms
// it takes to load the command line, and only a container's history needs them. `exec` loads them on a thread
// while its sandbox boots (SnapshotStore::startLibraryAhead). The history's sources include this header
// instead of <git2.h>: each function they call is a macro for the entry in the table below, so the calls read
// as libgit2's own, and a function missing from the lists fails the link (nothing links libgit2 itself).
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <openssl/evp.h>

#include <QString>

// clang-format off
#define SANDBENCH_LAZY_GIT_FUNCTIONS(X) \
    X(git_blob_create_from_buffer) X(git_blob_free) X(git_blob_lookup) X(git_blob_rawcontent) \
    X(git_blob_rawsize) X(git_commit_create) X(git_commit_free) X(git_commit_id) X(git_commit_lookup) \
    X(git_commit_message_raw) X(git_commit_parent) X(git_commit_parent_id) X(git_commit_parentcount) \
    X(git_commit_time) X(git_commit_tree) X(git_commit_tree_id) X(git_config_free) X(git_diff_free) \
    X(git_diff_tree_to_tree) X(git_error_last) X(git_error_set_str) X(git_index_add) X(git_index_clear) \
    X(git_index_entrycount) X(git_index_find_prefix) X(git_index_free) X(git_index_get_byindex) \
    X(git_index_get_bypath) X(git_index_open) X(git_index_read_tree) X(git_index_remove) X(git_index_write) \
    X(git_index_write_tree_to) X(git_libgit2_init) X(git_libgit2_shutdown) X(git_odb_add_backend) \
    X(git_odb_backend_data_alloc) X(git_odb_backend_data_free) X(git_odb_exists) X(git_odb_free) \
    X(git_odb_init_backend) X(git_odb_open_rstream) X(git_odb_read_header) X(git_odb_stream_free) \
    X(git_odb_stream_read) X(git_oid_cpy) X(git_oid_equal) X(git_oid_fromraw) X(git_oid_fromstr) \
    X(git_oid_is_zero) X(git_oid_tostr) X(git_patch_free) X(git_patch_from_blobs) X(git_patch_get_delta) \
    X(git_patch_print) X(git_patch_to_buf) X(git_reference_create) X(git_reference_delete) \
    X(git_reference_free) X(git_reference_lookup) X(git_reference_name_to_id) \
    X(git_reference_symbolic_create) X(git_reference_symbolic_target) X(git_reference_type) \
    X(git_repository_free) X(git_repository_init_ext) X(git_repository_odb) X(git_repository_open_ext) \
    X(git_signature_free) X(git_tree_create_updated) X(git_tree_entry_byindex) X(git_tree_entry_bypath) \
    X(git_tree_entry_cmp) X(git_tree_entry_filemode) X(git_tree_entry_free) X(git_tree_entry_id) \
    X(git_tree_entry_name) X(git_tree_entry_type) X(git_tree_entrycount) X(git_tree_free) X(git_tree_id) \
    X(git_tree_lookup) X(git_tree_walk) X(git_treebuilder_free) X(git_treebuilder_get) \
    X(git_treebuilder_insert) X(git_treebuilder_new) X(git_treebuilder_remove) X(git_treebuilder_write)

#define SANDBENCH_LAZY_CRYPTO_FUNCTIONS(X) \
    X(EVP_DigestFinal_ex) X(EVP_DigestInit_ex) X(EVP_DigestUpdate) X(EVP_MD_CTX_free) X(EVP_MD_CTX_new) \
    X(EVP_sha1)
// clang-format on

namespace LazyGit {

struct Functions
{
#define SANDBENCH_LAZY_MEMBER(name) decltype(&::name) name = nullptr;
    SANDBENCH_LAZY_GIT_FUNCTIONS(SANDBENCH_LAZY_MEMBER)
    SANDBENCH_LAZY_CRYPTO_FUNCTIONS(SANDBENCH_LAZY_MEMBER)
#undef SANDBENCH_LAZY_MEMBER
};

// Loads both libraries, once, on whichever thread asks first (others wait for it). False, with why, when
// either cannot be loaded or lacks a function: SnapshotStore::open() then fails with that reason.
bool load(QString *error = nullptr);
// The table; loads it when nothing has. Aborts with the reason when the libraries cannot be loaded, so
// callers that can fail (open()) call load() first.
const Functions &functions();

} // namespace LazyGit

// lazygit.cpp fills the table by these names, so it goes without the macros.
#ifndef SANDBENCH_LAZY_GIT_TABLE
#define git_blob_create_from_buffer (LazyGit::functions().git_blob_create_from_buffer)
#define git_blob_free (LazyGit::functions().git_blob_free)
#define git_blob_lookup (LazyGit::functions().git_blob_lookup)
#define git_blob_rawcontent (LazyGit::functions().git_blob_rawcontent)
#define git_blob_rawsize (LazyGit::functions().git_blob_rawsize)
#define git_commit_create (LazyGit::functions().git_commit_create)
#define git_commit_free (LazyGit::functions().git_commit_free)
#define git_commit_id (LazyGit::functions().git_commit_id)
#define git_commit_lookup (LazyGit::functions().git_commit_lookup)
#define git_commit_message_raw (LazyGit::functions().git_commit_message_raw)
#define git_commit_parent (LazyGit::functions().git_commit_parent)
#define git_commit_parent_id (LazyGit::functions().git_commit_parent_id)
#define git_commit_parentcount (LazyGit::functions().git_commit_parentcount)
#define git_commit_time (LazyGit::functions().git_commit_time)
#define git_commit_tree (LazyGit::functions().git_commit_tree)
#define git_commit_tree_id (LazyGit::functions().git_commit_tree_id)
#define git_config_free (LazyGit::functions().git_config_free)
#define git_diff_free (LazyGit::functions().git_diff_free)
#define git_diff_tree_to_tree (LazyGit::functions().git_diff_tree_to_tree)
#define git_error_last (LazyGit::functions().git_error_last)
#define git_error_set_str (LazyGit::functions().git_error_set_str)
#define git_index_add (LazyGit::functions().git_index_add)
#define git_index_clear (LazyGit::functions().git_index_clear)
#define git_index_entrycount (LazyGit::functions().git_index_entrycount)
#define git_index_find_prefix (LazyGit::functions().git_index_find_prefix)
#define git_index_free (LazyGit::functions().git_index_free)
#define git_index_get_byindex (LazyGit::functions().git_index_get_byindex)
#define git_index_get_bypath (LazyGit::functions().git_index_get_bypath)
#define git_index_open (LazyGit::functions().git_index_open)
#define git_index_read_tree (LazyGit::functions().git_index_read_tree)
#define git_index_remove (LazyGit::functions().git_index_remove)
#define git_index_write (LazyGit::functions().git_index_write)
#define git_index_write_tree_to (LazyGit::functions().git_index_write_tree_to)
#define git_libgit2_init (LazyGit::functions().git_libgit2_init)
#define git_libgit2_shutdown (LazyGit::functions().git_libgit2_shutdown)
#define git_odb_add_backend (LazyGit::functions().git_odb_add_backend)
#define git_odb_backend_data_alloc (LazyGit::functions().git_odb_backend_data_alloc)
#define git_odb_backend_data_free (LazyGit::functions().git_odb_backend_data_free)
#define git_odb_exists (LazyGit::functions().git_odb_exists)
#define git_odb_free (LazyGit::functions().git_odb_free)
#define git_odb_init_backend (LazyGit::functions().git_odb_init_backend)
#define git_odb_open_rstream (LazyGit::functions().git_odb_open_rstream)
#define git_odb_read_header (LazyGit::functions().git_odb_read_header)
#define git_odb_stream_free (LazyGit::functions().git_odb_stream_free)
#define git_odb_stream_read (LazyGit::functions().git_odb_stream_read)
#define git_oid_cpy (LazyGit::functions().git_oid_cpy)
#define git_oid_equal (LazyGit::functions().git_oid_equal)
#define git_oid_fromraw (LazyGit::functions().git_oid_fromraw)
#define git_oid_fromstr (LazyGit::functions().git_oid_fromstr)
#define git_oid_is_zero (LazyGit::functions().git_oid_is_zero)
#define git_oid_tostr (LazyGit::functions().git_oid_tostr)
#define git_patch_free (LazyGit::functions().git_patch_free)
#define git_patch_from_blobs (LazyGit::functions().git_patch_from_blobs)
#define git_patch_get_delta (LazyGit::functions().git_patch_get_delta)
#define git_patch_print (LazyGit::functions().git_patch_print)
#define git_patch_to_buf (LazyGit::functions().git_patch_to_buf)
#define git_reference_create (LazyGit::functions().git_reference_create)
#define git_reference_delete (LazyGit::functions().git_reference_delete)
#define git_reference_free (LazyGit::functions().git_reference_free)
#define git_reference_lookup (LazyGit::functions().git_reference_lookup)
#define git_reference_name_to_id (LazyGit::functions().git_reference_name_to_id)
#define git_reference_symbolic_create (LazyGit::functions().git_reference_symbolic_create)
#define git_reference_symbolic_target (LazyGit::functions().git_reference_symbolic_target)
#define git_reference_type (LazyGit::functions().git_reference_type)
#define git_repository_free (LazyGit::functions().git_repository_free)
#define git_repository_init_ext (LazyGit::functions().git_repository_init_ext)
#define git_repository_odb (LazyGit::functions().git_repository_odb)
#define git_repository_open_ext (LazyGit::functions().git_repository_open_ext)
#define git_signature_free (LazyGit::functions().git_signature_free)
#define git_tree_create_updated (LazyGit::functions().git_tree_create_updated)
#define git_tree_entry_byindex (LazyGit::functions().git_tree_entry_byindex)
#define git_tree_entry_bypath (LazyGit::functions().git_tree_entry_bypath)
#define git_tree_entry_cmp (LazyGit::functions().git_tree_entry_cmp)
#define git_tree_entry_filemode (LazyGit::functions().git_tree_entry_filemode)
#define git_tree_entry_free (LazyGit::functions().git_tree_entry_free)
#define git_tree_entry_id (LazyGit::functions().git_tree_entry_id)
#define git_tree_entry_name (LazyGit::functions().git_tree_entry_name)
#define git_tree_entry_type (LazyGit::functions().git_tree_entry_type)
#define git_tree_entrycount (LazyGit::functions().git_tree_entrycount)
#define git_tree_free (LazyGit::functions().git_tree_free)
#define git_tree_id (LazyGit::functions().git_tree_id)
#define git_tree_lookup (LazyGit::functions().git_tree_lookup)
#define git_tree_walk (LazyGit::functions().git_tree_walk)
#define git_treebuilder_free (LazyGit::functions().git_treebuilder_free)
#define git_treebuilder_get (LazyGit::functions().git_treebuilder_get)
#define git_treebuilder_insert (LazyGit::functions().git_treebuilder_insert)
#define git_treebuilder_new (LazyGit::functions().git_treebuilder_new)
#define git_treebuilder_remove (LazyGit::functions().git_treebuilder_remove)
#define git_treebuilder_write (LazyGit::functions().git_treebuilder_write)
#define EVP_DigestFinal_ex (LazyGit::functions().EVP_DigestFinal_ex)
#define EVP_DigestInit_ex (LazyGit::functions().EVP_DigestInit_ex)
#define EVP_DigestUpdate (LazyGit::functions().EVP_DigestUpdate)
#define EVP_MD_CTX_free (LazyGit::functions().EVP_MD_CTX_free)
#define EVP_MD_CTX_new (LazyGit::functions().EVP_MD_CTX_new)
#define EVP_sha1 (LazyGit::functions().EVP_sha1)
#endif
