list([
    {file:'sca20240102.log.gz',size:35919},
    {file:'2023/scc2023123123.html.gz',size:1984}
    ]);
