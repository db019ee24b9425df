// SPDX-License-Identifier: GPL-3.0-or-later
#include "mcptools.h"

#include "tools/shellaction.h"

#include <QList>
#include <QMutex>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// One argument of a tool: its JSON type and the bounds the schema states and check() enforces.
struct Field
{
    QString name;
    enum class Type { String, Integer, StringArray, Object } type = Type::String;
    bool required = false;
    QString description;
    qint64 min = 0; // Integer: minimum; StringArray: minItems; String: minLength
    qint64 max = 0; // Integer: maximum; StringArray: maxItems; String: maxLength (0: none)
    QString pattern;
};

const QString kContainerPattern = u"^[A-Za-z0-9_-]{1,40}$"_s;

Field containerField(bool required)
{
    return {u"container_id"_s,
            Field::Type::String,
            required,
            required ? u"The container, as a result of shell or python named it."_s
                     : u"The container to run in, as an earlier result named it; without it a new container "
                       "is made and the result names it."_s,
            1,
            40,
            kContainerPattern};
}

QList<Field> fieldsOf(const QString &tool, const SessionLimits &limits)
{
    if (tool == u"shell")
        return {{u"commands"_s,
                 Field::Type::StringArray,
                 true,
                 u"Shell commands run in order, each as its own bash process in /workspace/home."_s,
                 1,
                 ShellAction::MaxCommands,
                 {}},
                containerField(false),
                {u"timeout_ms"_s,
                 Field::Type::Integer,
                 false,
                 u"Per-command timeout in milliseconds (default %1); the command's processes are killed "
                 "then."_s.arg(limits.defaultTimeoutMs),
                 1,
                 limits.maxTimeoutMs,
                 {}},
                {u"max_output_length"_s,
                 Field::Type::Integer,
                 false,
                 u"Characters kept of each stream per command (default %1); what is dropped is marked."_s.arg(
                     ShellAction::DefaultMaxOutputLength),
                 1,
                 ShellAction::MaxMaxOutputLength,
                 {}},
                {u"network_policy"_s,
                 Field::Type::Object,
                 false,
                 u"For a new container only: {\"type\":\"disabled\"} (the default: no network) or "
                 "{\"type\":\"allowlist\",\"allowed_domains\":[\"pypi.org\",\"*.example.com\"]} (ports 80 "
                 "and 443 only)."_s,
                 0,
                 0,
                 {}}};
    if (tool == u"python")
        return {{u"code"_s, Field::Type::String, true, u"Python 3 source to run."_s, 1, 0, {}},
                containerField(false)};
    if (tool == u"read_file")
        return {containerField(true),
                {u"path"_s,
                 Field::Type::String,
                 true,
                 u"The file, relative to /workspace/home or absolute under it."_s,
                 1,
                 4096,
                 {}}};
    if (tool == u"write_file")
        return {containerField(true),
                {u"path"_s,
                 Field::Type::String,
                 true,
                 u"The file, relative to /workspace/home or absolute under it; folders are made."_s,
                 1,
                 4096,
                 {}},
                {u"content"_s,
                 Field::Type::String,
                 false,
                 u"The file's new text (UTF-8, at most %1 KiB)."_s.arg(McpTools::MaxWriteBytes / 1024),
                 0,
                 0,
                 {}}};
    if (tool == u"list_files")
        return {containerField(true),
                {u"path"_s,
                 Field::Type::String,
                 false,
                 u"A folder below /workspace/home (default: all of home)."_s,
                 1,
                 4096,
                 {}}};
    return {};
}

QString typeName(Field::Type type)
{
    switch (type) {
    case Field::Type::String:
        return u"string"_s;
    case Field::Type::Integer:
        return u"integer"_s;
    case Field::Type::StringArray:
        return u"array"_s;
    case Field::Type::Object:
        return u"object"_s;
    }
    return {};
}

QJsonObject inputSchema(const QList<Field> &fields)
{
    QJsonObject properties;
    QJsonArray required;
    for (const Field &f : fields) {
        QJsonObject p{{u"type"_s, typeName(f.type)}, {u"description"_s, f.description}};
        if (f.type == Field::Type::Integer) {
            p.insert(u"minimum"_s, f.min);
            p.insert(u"maximum"_s, f.max);
        } else if (f.type == Field::Type::StringArray) {
            p.insert(u"items"_s, QJsonObject{{u"type"_s, u"string"_s}});
            p.insert(u"minItems"_s, f.min);
            p.insert(u"maxItems"_s, f.max);
        } else if (f.type == Field::Type::String) {
            if (f.min > 0)
                p.insert(u"minLength"_s, f.min);
            if (f.max > 0)
                p.insert(u"maxLength"_s, f.max);
            if (!f.pattern.isEmpty())
                p.insert(u"pattern"_s, f.pattern);
        }
        properties.insert(f.name, p);
        if (f.required)
            required.append(f.name);
    }
    return {{u"type"_s, u"object"_s},
            {u"properties"_s, properties},
            {u"required"_s, required},
            {u"additionalProperties"_s, false}};
}

QJsonObject typed(const QString &type)
{
    return {{u"type"_s, type}};
}

QJsonObject outputSchema(const QString &tool)
{
    const auto schema = [](const QJsonObject &properties, const QStringList &required) {
        return QJsonObject{{u"type"_s, u"object"_s},
                           {u"properties"_s, properties},
                           {u"required"_s, QJsonArray::fromStringList(required)}};
    };
    if (tool == u"shell") {
        const QJsonObject result =
            schema({{u"stdout"_s, typed(u"string"_s)},
                    {u"stderr"_s, typed(u"string"_s)},
                    {u"outcome"_s,
                     schema({{u"type"_s, QJsonObject{{u"type"_s, u"string"_s},
                                                     {u"enum"_s, QJsonArray{u"exit"_s, u"timeout"_s}}}},
                             {u"exit_code"_s, typed(u"integer"_s)}},
                            {u"type"_s})}},
                   {u"stdout"_s, u"stderr"_s, u"outcome"_s});
        return schema({{u"type"_s, typed(u"string"_s)},
                       {u"status"_s, typed(u"string"_s)},
                       {u"container_id"_s, typed(u"string"_s)},
                       {u"action"_s, typed(u"object"_s)},
                       {u"output"_s, QJsonObject{{u"type"_s, u"array"_s}, {u"items"_s, result}}}},
                      {u"container_id"_s, u"status"_s, u"output"_s});
    }
    if (tool == u"python")
        return schema({{u"container_id"_s, typed(u"string"_s)},
                       {u"stdout"_s, typed(u"string"_s)},
                       {u"stderr"_s, typed(u"string"_s)},
                       {u"exit_code"_s, typed(u"integer"_s)},
                       {u"timed_out"_s, typed(u"boolean"_s)},
                       {u"state_persists"_s, typed(u"boolean"_s)},
                       {u"images"_s, QJsonObject{{u"type"_s, u"array"_s}, {u"items"_s, typed(u"string"_s)}}}},
                      {u"container_id"_s, u"stdout"_s, u"stderr"_s, u"exit_code"_s, u"state_persists"_s});
    if (tool == u"read_file")
        return schema({{u"container_id"_s, typed(u"string"_s)},
                       {u"path"_s, typed(u"string"_s)},
                       {u"bytes"_s, typed(u"integer"_s)},
                       {u"mime_type"_s, typed(u"string"_s)},
                       {u"is_text"_s, typed(u"boolean"_s)},
                       {u"uri"_s, typed(u"string"_s)}},
                      {u"container_id"_s, u"path"_s, u"bytes"_s, u"is_text"_s});
    if (tool == u"write_file")
        return schema({{u"container_id"_s, typed(u"string"_s)},
                       {u"path"_s, typed(u"string"_s)},
                       {u"bytes"_s, typed(u"integer"_s)},
                       {u"uri"_s, typed(u"string"_s)}},
                      {u"container_id"_s, u"path"_s, u"bytes"_s});
    const QJsonObject entry = schema({{u"path"_s, typed(u"string"_s)},
                                      {u"bytes"_s, typed(u"integer"_s)},
                                      {u"modified_at"_s, typed(u"integer"_s)}},
                                     {u"path"_s, u"bytes"_s});
    return schema({{u"container_id"_s, typed(u"string"_s)},
                   {u"path"_s, typed(u"string"_s)},
                   {u"files"_s, QJsonObject{{u"type"_s, u"array"_s}, {u"items"_s, entry}}},
                   {u"truncated"_s, typed(u"boolean"_s)}},
                  {u"container_id"_s, u"files"_s, u"truncated"_s});
}

QJsonObject annotations(const QString &title, bool readOnly, bool destructive, bool idempotent,
                        bool openWorld)
{
    QJsonObject a{{u"title"_s, title}, {u"readOnlyHint"_s, readOnly}, {u"openWorldHint"_s, openWorld}};
    if (!readOnly) {
        a.insert(u"destructiveHint"_s, destructive);
        a.insert(u"idempotentHint"_s, idempotent);
    } else {
        a.insert(u"idempotentHint"_s, true);
    }
    return a;
}

QString shown(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return u"the string \"%1\""_s.arg(v.toString().left(40));
    case QJsonValue::Double:
        return u"the number %1"_s.arg(v.toDouble());
    case QJsonValue::Bool:
        return v.toBool() ? u"true"_s : u"false"_s;
    case QJsonValue::Array:
        return u"an array"_s;
    case QJsonValue::Object:
        return u"an object"_s;
    case QJsonValue::Null:
        return u"null"_s;
    default:
        return u"nothing"_s;
    }
}

} // namespace

QStringList McpTools::names()
{
    return {u"shell"_s, u"python"_s, u"read_file"_s, u"write_file"_s, u"list_files"_s};
}

bool McpTools::exists(const QString &name)
{
    return names().contains(name);
}

QJsonArray McpTools::definitions(const SessionLimits &limits)
{
    const QString sandbox = u"in an isolated local Linux container (Sandbench: no network unless allowed, "
                            "every command's file changes kept in a history). "_s;
    QJsonArray tools;
    const auto add = [&](const QString &name, const QString &title, const QString &description,
                         const QJsonObject &notes) {
        tools.append(QJsonObject{{u"name"_s, name},
                                 {u"title"_s, title},
                                 {u"description"_s, description},
                                 {u"inputSchema"_s, inputSchema(fieldsOf(name, limits))},
                                 {u"outputSchema"_s, outputSchema(name)},
                                 {u"annotations"_s, notes}});
    };
    add(u"shell"_s, u"Run shell commands"_s,
        u"Runs shell commands "_s + sandbox +
            u"The commands run in order, each as its own bash process in /workspace/home; returns each "
            "command's stdout, stderr and outcome (exit code or timeout) and the container_id. Pass that "
            "container_id to later calls to keep working with the same files; without it a new container is "
            "made."_s,
        annotations(u"Run shell commands"_s, false, true, false, true));
    add(u"python"_s, u"Run Python code"_s,
        u"Runs Python 3 code "_s + sandbox +
            u"Calls with the same container_id are cells of one Jupyter kernel: variables and imports "
            u"persist "
            "while the container is awake, and a cell's last expression is shown, as in a notebook (files in "
            "/workspace/home always persist). state_persists says whether the kernel ran the cell."_s,
        annotations(u"Run Python code"_s, false, true, false, true));
    add(u"read_file"_s, u"Read a file"_s,
        u"Reads a file of a container's /workspace/home: text as text, images as images, other files as a "
        "binary resource (at most 4 MiB)."_s,
        annotations(u"Read a file"_s, true, false, true, false));
    add(u"write_file"_s, u"Write a file"_s,
        u"Writes text to a file of a container's /workspace/home, replacing it if it exists (folders are "
        "made)."_s,
        annotations(u"Write a file"_s, false, true, true, false));
    add(u"list_files"_s, u"List files"_s,
        u"Lists the files below a container's /workspace/home (or a folder of it), with sizes."_s,
        annotations(u"List files"_s, true, false, true, false));
    return tools;
}

QString McpTools::check(const QString &tool, const QJsonObject &args, const SessionLimits &limits)
{
    // The table is built once per tool and limits (its descriptions are formatted text), not per call.
    struct Table
    {
        QString tool;
        qint64 defaultTimeoutMs = 0;
        qint64 maxTimeoutMs = 0;
        QList<Field> fields;
    };
    static QMutex mutex;
    static QList<Table> tables;
    QList<Field> fields;
    {
        QMutexLocker lock(&mutex);
        const auto it = std::find_if(tables.cbegin(), tables.cend(), [&](const Table &t) {
            return t.defaultTimeoutMs == limits.defaultTimeoutMs && t.maxTimeoutMs == limits.maxTimeoutMs &&
                   t.tool == tool;
        });
        if (it != tables.cend()) {
            fields = it->fields;
        } else {
            fields = fieldsOf(tool, limits);
            if (tables.size() >= 64) // the tools times every workspace's limits: a handful; never unbounded
                tables.clear();
            tables.append({tool, limits.defaultTimeoutMs, limits.maxTimeoutMs, fields});
        }
    }
    for (auto it = args.begin(); it != args.end(); ++it) {
        const QString name = it.key();
        if (std::none_of(fields.cbegin(), fields.cend(), [&](const Field &f) { return f.name == name; })) {
            QStringList known;
            for (const Field &f : std::as_const(fields))
                known.append(f.name);
            return u"unknown argument \"%1\": %2 takes %3"_s.arg(name.left(60), tool, known.join(u", "_s));
        }
    }
    for (const Field &f : fields) {
        const QJsonValue v = args.value(f.name);
        if (v.isUndefined() || (v.isNull() && !f.required)) {
            if (f.required)
                return u"\"%1\" is required: %2"_s.arg(f.name, f.description);
            continue;
        }
        switch (f.type) {
        case Field::Type::String: {
            if (!v.isString())
                return u"\"%1\" must be a string (got %2)"_s.arg(f.name, shown(v));
            const QString s = v.toString();
            if (s.size() < f.min)
                return u"\"%1\" must not be empty"_s.arg(f.name);
            if (f.max > 0 && s.size() > f.max)
                return u"\"%1\" is %2 characters long; at most %3 are allowed"_s.arg(f.name)
                    .arg(s.size())
                    .arg(f.max);
            static const QRegularExpression containerId(kContainerPattern);
            if (f.name == u"container_id" && !containerId.match(s).hasMatch())
                return u"\"container_id\" must be 1 to 40 characters of A-Z, a-z, 0-9, _ and - (got \"%1\")"_s
                    .arg(s.left(60));
            break;
        }
        case Field::Type::Integer: {
            const double d = v.toDouble();
            if (!v.isDouble() || d != std::floor(d) || d < f.min || d > f.max)
                return u"\"%1\" must be an integer from %2 to %3 (got %4)"_s.arg(f.name)
                    .arg(f.min)
                    .arg(f.max)
                    .arg(shown(v));
            break;
        }
        case Field::Type::StringArray: {
            if (!v.isArray())
                return u"\"%1\" must be an array of strings (got %2)"_s.arg(f.name, shown(v));
            const QJsonArray a = v.toArray();
            if (a.size() < f.min || a.size() > f.max)
                return u"\"%1\" must hold %2 to %3 strings (got %4)"_s.arg(f.name).arg(f.min).arg(f.max).arg(
                    a.size());
            for (int i = 0; i < a.size(); ++i)
                if (!a.at(i).isString())
                    return u"\"%1[%2]\" must be a string (got %3)"_s.arg(f.name).arg(i).arg(shown(a.at(i)));
            break;
        }
        case Field::Type::Object:
            if (!v.isObject())
                return u"\"%1\" must be an object (got %2)"_s.arg(f.name, shown(v));
            break;
        }
    }
    return {};
}

QString McpTools::homeRelativePath(const QString &path, bool allowHome, QString *error)
{
    QString p = path;
    if (p.contains(QChar(0))) {
        *error = u"\"path\" must not contain NUL"_s;
        return {};
    }
    static const QString home = u"/workspace/home"_s;
    if (p.startsWith(u'/')) {
        if (p != home && !p.startsWith(home + u'/')) {
            *error =
                u"\"path\" \"%1\" is outside the container's home: use a path relative to /workspace/home "
                "or one starting with /workspace/home/"_s.arg(p.left(200));
            return {};
        }
        p = p.mid(home.size());
    }
    QStringList parts;
    for (const QString &part : p.split(u'/', Qt::SkipEmptyParts)) {
        if (part == u".")
            continue;
        if (part == u"..") {
            *error = u"\"path\" must not contain \"..\": name a file below /workspace/home"_s;
            return {};
        }
        parts.append(part);
    }
    if (parts.isEmpty() && !allowHome) {
        *error = u"\"path\" names /workspace/home itself; name a file below it"_s;
        return {};
    }
    return parts.isEmpty() ? u"."_s : parts.join(u'/');
}
