module github.com/haifu/haifu

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/klauspost/compress v1.20.3 // indirect
	github.com/valyala/fastjson v1.6.10 // indirect
	golang.org/x/sync v0.24.0 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)
